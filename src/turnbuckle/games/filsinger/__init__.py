"""The Filsinger chart game (Champions of the Galaxy / Legends of Wrestling instructions)."""
