"""The rules app: the web layer around the pure engine in rules.engine."""

from django.apps import AppConfig


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = "Table Ruling"
