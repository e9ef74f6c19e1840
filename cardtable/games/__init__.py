"""One rules controller per game. Every module here is imported by the registry and
registers its ``Game`` subclass with ``@register``; nothing here imports textual or rich."""
