"""The pygame window app: scenes, rendering, animation."""
