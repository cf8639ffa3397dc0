"""Every custom pygame event type of the app, in one place (ids are immutable ints)."""

from __future__ import annotations

import pygame

APP_QUIT = pygame.event.custom_type()
"""Leave the main loop after this frame."""
TOOLTIP = pygame.event.custom_type()
"""Timer: the hover tooltip delay elapsed."""
