"""Write the WRASSLIN' lessons' start positions (``games/wrasslin/lessons/positions/*.json``) from
``scenario.stage``: the rule text's example situations, hands dealt from the draw pile so the deck stays
whole. Run from the repository root: ``PYTHONPATH=src python scripts/lesson_positions.py``."""

from __future__ import annotations

import json
from pathlib import Path

from turnbuckle.games.wrasslin.scenario import ADAMS, CHAMP, HARPO, KNEESHURT, UMPIRE, stage

OUT = Path("src/turnbuckle/games/wrasslin/lessons/positions")

POSITIONS = {
    # 4.2, 4.3, 5.4: a first Hold
    "first-hold": stage([KNEESHURT, UMPIRE], {0: ["Chop", "Backbreaker", "Drop Kick", "Knee Lift", "Block", "Pin",
                                                   "Recovery 1"],
                                              1: ["Headlock", "Chop", "Arm Bar", "Stomach Kick", "Recovery 1",
                                                  "Referee", "Suplex"]}),
    # 3.1 and 6.2 EXAMPLEs: Kneeshurt at four damage, a Recovery 2 in hand
    "kneeshurt-recovers": stage([KNEESHURT, UMPIRE], {0: ["Arm Bar", "Recovery 2", "Chop", "Knee Lift"],
                                                      1: ["Headlock", "Chop"]},
                                damage={0: ["Chinlock", "Drop Kick", "Headlock"]}),
    # 8.33 EXAMPLE: Adams to the top rope, Harpo holding a Block and a Reverse
    "adams-top-rope": stage([ADAMS, HARPO], {0: ["Specialty", "Chop", "Headlock"], 1: ["Block", "Reverse", "Chop"]}),
    # 8.42 EXAMPLE: Harpo (Strength 5) and Adams (Strength 3 after a Chop), a Power Surge in Adams' hand
    "harpo-takedown": stage([HARPO, ADAMS], {0: ["Takedown", "Chop"], 1: ["Power Surge", "Chop", "Headlock"]},
                            damage={1: ["Chop"]}),
    # 9.41 EXAMPLE: Harpo's Hair Pull, Adams holding a Referee and a Recovery 1
    "harpo-hair-pull": stage([HARPO, ADAMS], {0: ["Hair Pull", "Chop"], 1: ["Referee", "Recovery 1", "Chop"]},
                             damage={1: ["Knee Lift"]}),
    # the 7/9 EXAMPLE: Interference-Block, Referee, Distraction
    "interference-chain": stage([ADAMS, HARPO], {0: ["Chop", "Referee"], 1: ["Interference/Block", "Distraction",
                                                                            "Headlock"]}),
    # 10.2: a pin on a worn-down opponent
    "pin-to-win": stage([HARPO, ADAMS], {0: ["Pin", "Chop", "Headlock"], 1: ["Chop", "Headlock"]},
                        damage={1: ["Piledriver", "Drop Kick", "Suplex"]}),
    # 10.1: a Continuous Hold
    "bear-hug": stage([HARPO, ADAMS], {0: ["Bear Hug", "Chop", "Headlock", "Knee Lift"],
                                       1: ["Chop", "Headlock", "Reverse"]}),
    # 11.3: an Out-of-Ring card thrown as a Hold
    "out-of-ring": stage([HARPO, ADAMS], {0: ["Out of Ring", "Chop", "Headlock"], 1: ["Chop", "Headlock", "Arm Bar"]}),
    # 11.41 EXAMPLE: The Champ pinned, his Specialty in hand
    "champ-pinned": stage([HARPO, CHAMP], {0: ["Pin", "Chop"], 1: ["Specialty", "Chop"]},
                          damage={1: ["Chop", "Knee Lift", "Arm Bar"]}),
}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, state in POSITIONS.items():
        (OUT / f"{name}.json").write_text(json.dumps(state.to_position(), indent=1) + "\n", encoding="utf-8")
        print(f"{OUT / name}.json")


if __name__ == "__main__":
    main()
