"""Learning to play: lessons (prepared positions, forced dice and cards, steps the player must make),
shared by ``turnbuckle learn`` and the web app's Learn pages."""
