"""The Qt shell: screens, the curtain, the projector window. It never names a game."""
