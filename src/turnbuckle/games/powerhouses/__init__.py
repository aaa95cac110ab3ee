"""Powerhouses of Wrestling! (push-your-luck dice)."""
