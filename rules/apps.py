"""The rules app: the web layer around the pure engine in rules.engine."""

from django.apps import AppConfig


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = "Table Ruling"

    def ready(self) -> None:
        """Name the engine and the picture code as this process loaded them: both are read from disk, and
        a deploy that changes the files under a running worker must not be named by that worker."""
        from rules.collecting import collect_between_requests
        from rules.rulings import picture_version

        picture_version()  # and with it the engine's fingerprint
        collect_between_requests()
