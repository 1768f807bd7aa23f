"""Selects that render their options once: the setup page has up to 40 rows of long choice lists.

Django renders each ``<option>`` through a template, about 0.1 ms apiece; a row's ship, type and
shape lists made an empty 20-row setup page cost a quarter of a second. The markup is the same
as Django's ``Select`` (a test compares them); only the selected option differs between renders.
"""

from __future__ import annotations

import copy
import html
from typing import Any

from django import forms
from django.utils.functional import Promise
from django.utils.safestring import SafeString, mark_safe


class QuickSelect(forms.Select):
    """``forms.Select`` with each distinct choice list's markup built once per process."""

    _built: dict[int, tuple[Any, str, dict[str, int]]] = {}
    """By the choice list's identity (kept alive here): the markup without a selection, and where
    each value's opening tag ends."""

    def __deepcopy__(self, memo: dict[int, Any]) -> QuickSelect:
        """Every form copies its widgets: share the (never changed) choices instead of copying them."""
        obj = copy.copy(self)
        obj.attrs = self.attrs.copy()
        memo[id(self)] = obj
        return obj

    def use(self, choices: list[Any]) -> None:
        """Offer ``choices``, already in Django's normal form (pairs; a group's as a list of pairs), as they
        are: setting ``choices`` normalises them into a new list, whose markup would be built anew."""
        self._choices = choices

    def _options(self) -> tuple[str, dict[str, int]]:
        found = self._built.get(id(self.choices))
        if found is not None and found[0] is self.choices:
            return found[1], found[2]
        parts: list[str] = []
        ends: dict[str, int] = {}
        size = 0

        def add(text: str) -> None:
            nonlocal size
            parts.append(text)
            size += len(text)

        def option(value: Any, label: Any) -> None:
            v = "" if value is None else str(value)
            head = f'<option value="{html.escape(v)}"'
            ends.setdefault(v, size + len(head))
            add(f"{head}>{html.escape(str(label))}</option>\n")

        for value, label in self.choices:
            if isinstance(label, (list, tuple)):
                add(f'<optgroup label="{html.escape(str(value))}">\n')
                for v, lab in label:
                    option(v, lab)
                add("</optgroup>\n")
            else:
                option(value, label)
        if len(self._built) > 256:  # never grow without bound
            self._built.clear()
        markup = "".join(parts)
        self._built[id(self.choices)] = (self.choices, markup, ends)
        return markup, ends

    def render(self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None) -> SafeString:
        options, ends = self._options()
        chosen = self.format_value(value)
        at = ends.get(chosen[0]) if chosen else None
        if at is not None:
            options = f"{options[:at]} selected{options[at:]}"
        final = self.build_attrs(self.attrs, attrs)
        return mark_safe(f'<select name="{html_escape(name)}"{attributes(final)}>\n{options}</select>')


def html_escape(text: Any) -> str:
    """Django's ``escape`` (the same text), without its wrapper for lazy arguments: the setup page escapes
    some 3,000 values per preview (every option of its menus is built anew when the pieces change)."""
    return html.escape(str(text))


def _conditional(value: Any) -> str:
    """Django's ``conditional_escape``: safe text as it is, anything else escaped."""
    if isinstance(value, Promise):
        value = str(value)
    return str(value.__html__()) if hasattr(value, "__html__") else html.escape(str(value))


def attributes(attrs: dict[str, Any]) -> str:
    """Django's ``flatatt`` (the same text): ``key="value"`` pairs by key, then the keys set to True; False
    and None left out. Without ``format_html_join`` and its lazy-argument wrappers per value."""
    pairs = sorted((k, v) for k, v in attrs.items() if not isinstance(v, bool) and v is not None)
    flags = sorted(k for k, v in attrs.items() if v is True)
    return "".join(f' {_conditional(k)}="{_conditional(v)}"' for k, v in pairs) + "".join(
        f" {_conditional(k)}" for k in flags
    )


class FixedChoiceField(forms.ChoiceField):
    """A choice field whose choices never change per form: copied without copying them."""

    widget = QuickSelect

    def __deepcopy__(self, memo: dict[int, Any]) -> FixedChoiceField:
        return forms.Field.__deepcopy__(self, memo)  # skip ChoiceField's copy of the choices


def _shallow(obj: Any) -> Any:
    """A new object of the same class with the same attributes (what ``copy.copy`` makes, without its
    generic ``__reduce_ex__`` path: a field or widget has plain attributes)."""
    out = object.__new__(type(obj))
    out.__dict__ = obj.__dict__.copy()
    return out


def copied_field(field: forms.Field) -> forms.Field:
    """A form's own copy of a declared field, as ``Field.__deepcopy__`` makes it (its widget, attributes,
    messages and validators its own) but sharing its choices, which are replaced, never changed in place."""
    out = _shallow(field)
    out.widget = _shallow(field.widget)
    out.widget.attrs = field.widget.attrs.copy()
    out.error_messages = field.error_messages.copy()
    out.validators = field.validators[:]
    return out


class QuickFields(dict[str, forms.Field]):
    """A form class's declared fields, copied for each form by ``copied_field``.

    Django gives every form ``copy.deepcopy(base_fields)``: a 20-row setup page builds 21 forms of some
    20 fields, and the generic deep copy of each field and widget cost about a tenth of a live preview."""

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, forms.Field]:
        return {name: copied_field(field) for name, field in self.items()}


def quick_copies[F: type[forms.BaseForm]](form_class: F) -> F:
    """``form_class`` with its fields copied by ``QuickFields`` for each form."""
    form_class.base_fields = QuickFields(form_class.base_fields)
    return form_class
