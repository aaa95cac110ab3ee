"""The ring skirmish game: a 30-inch ring, AP bidding, exploding dice and pinfalls."""
