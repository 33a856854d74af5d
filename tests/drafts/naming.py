"""Browser helper for recorder walks: name the cards drawn and not named yet when every choice takes one (a
complete-log game's draws left unnamed: no offer shows a card nobody named, review 21c finding 4)."""

from __future__ import annotations

from typing import Any

WAIT_MS = 8000


def name_draws(page: Any) -> bool:
    """Answer the first "What did X draw?" prompt with one copy of each of the first cards its picker lists, as many
    as it says are not named; False when there is no prompt."""
    section = page.locator("#offers .g-identify").first
    if not section.count():
        return False
    asked = section.locator("h3").inner_text()
    unnamed = int(asked.split("? ")[1].split(" ")[0])
    for n in range(unnamed):
        section.locator(".picker button.pick").nth(n).tap()
    section.locator(".identify-send").tap()
    page.locator("#offers .g-identify h3", has_text=asked).wait_for(state="detached", timeout=WAIT_MS)
    page.wait_for_selector("#offers:not([data-ready=''])", timeout=WAIT_MS)
    return True
