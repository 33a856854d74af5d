"""marshmallow schemas of ``/api/stats/*`` (metrics.md), for the OpenAPI description and the tests."""

from __future__ import annotations

from typing import Any

from marshmallow import EXCLUDE, Schema, fields, validate

from pmemo_replay.web.schemas import ISO_TO_PATTERN, filter_text, flag_field, when_metadata

WR_CI = {"description": "Wilson score interval at 95% (z = 1.96) as [low, high]; null over 0 player-games"}


def _ci(**kw: Any) -> fields.List:
    return fields.List(fields.Float(), allow_none=True, required=True, metadata={**WR_CI, **kw})


def _wr(text: str) -> fields.Float:
    return fields.Float(allow_none=True, required=True, metadata={"description": f"{text}; null over 0 player-games"})


class StatsQuery(Schema):
    """The filters of metrics.md (also ``stats`` command options)."""

    class Meta:
        unknown = EXCLUDE

    from_ = fields.String(data_key="from", metadata=when_metadata(
        "played on or after (an ISO UTC date, 2026-11-01, or date-time; not after to); games without played_at are "
        "included only when neither from nor to is given"))
    to = fields.String(metadata=when_metadata("played on or before (an ISO UTC date up to 9999-12-30: that whole day, or "
                                              "date-time)", ISO_TO_PATTERN))
    event = filter_text("only games of this event")
    ruleset = filter_text("the ruleset (default: the one with the most player-games)")
    player = filter_text("only this player's player-games")
    archetype = filter_text('the player\'s deck archetype, e.g. "MHK red-blue"')
    first = fields.Integer(validate=validate.OneOf([0, 1]), metadata={"description": "1: player-games going first; 0: second"})
    min_games = fields.Integer(validate=validate.Range(min=0), metadata={"description": "drop rows with fewer player-games"})
    regular_only = flag_field("1: leave out games stored as played with irregular actions (docs/as-played.md)")


class CoversSchema(Schema):
    games = fields.Integer(required=True, metadata={"description": "finished games in the filter"})
    player_games = fields.Integer(required=True)
    known_hands_player_games = fields.Integer(metadata={
        "description": "player-games whose every hand card was identified (all of them but for table logs)"})
    dated_player_games = fields.Integer(metadata={"description": "trends: player-games with a played_at"})


class _Envelope(Schema):
    covers = fields.Nested(CoversSchema, required=True)
    filters = fields.Dict(required=True, metadata={"description": "the filters applied, as given"})
    ruleset = fields.String(required=True, metadata={
        "description": "the ruleset the statistic covers: the ruleset filter, else the one with the most player-games "
                       "(statistics never mix games)"})
    two_seats = fields.Boolean(metadata={"description": "matchups, first, games: whether the ruleset's games have two "
                                                        "seats (matchup and first-player views need them; empty otherwise)"})


class CardRowSchema(Schema):
    card = fields.String(required=True, metadata={"description": "base card id (parallels count as the card)"})
    name = fields.String(allow_none=True, required=True)
    games = fields.Integer(required=True, metadata={"description": "player-games with the card in the main deck"})
    # Mahou Shoujo (mahou-shoujo.md §13): opening hand = the 7 cards after the last setup draw; seen adds every card
    # drawn later (out-of-Heroes draws wherever they go); played = place_active, place_hero, made active by
    # out_of_heroes, transform, grand_transform, play_pet, play_power, play_event
    deck_share = fields.Float(allow_none=True, required=True, metadata={"description": "games ÷ all player-games in the filter"})
    gp_wr = _wr("WR over those player-games")
    gp_ci = _ci()
    oh_games = fields.Integer(required=True, metadata={"description": "in the opening hand kept (after any redraw)"})
    oh_wr = _wr("WR in opening hand")
    oh_ci = _ci()
    gih_games = fields.Integer(required=True, metadata={"description": "seen: in opening hand or moved from deck to hand later"})
    gih_wr = _wr("WR when seen")
    gih_ci = _ci()
    gns_games = fields.Integer(required=True, metadata={
        "description": "not seen (gih_games + gns_games + unknown_seen_games == games)"})
    gns_wr = _wr("WR when not seen")
    gns_ci = _ci()
    unknown_seen_games = fields.Integer(required=True, metadata={
        "description": "table logs: player-games whose hand was not fully identified (no in-opening-hand or seen facts)"})
    iwd = fields.Float(allow_none=True, required=True, metadata={"description": "gih_wr − gns_wr; null when either side is empty"})
    played_games = fields.Integer(required=True, metadata={"description": "summoned, played, set or levelled up with at least once"})
    played_wr = _wr("WR when played")
    played_ci = _ci()
    avg_turn_played = fields.Float(allow_none=True, required=True, metadata={"description": "mean turn of the first play"})
    eb_wr = fields.Float(allow_none=True, metadata={"description": "GP WR shrunk towards a Beta prior fitted to the card GP WRs "
                                                                  "by the method of moments (empirical Bayes)"})
    eb_rank = fields.Integer(metadata={"description": "rank by eb_wr, 1 = best"})
    gp_wr_ci = _ci()
    oh_wr_ci = _ci()
    gih_wr_ci = _ci()
    gns_wr_ci = _ci()
    played_wr_ci = _ci()


class PriorSchema(Schema):
    alpha = fields.Float(required=True)
    beta = fields.Float(required=True)
    mean = fields.Float(required=True)


class CardStatsSchema(_Envelope):
    prior = fields.Nested(PriorSchema, allow_none=True, required=True, metadata={"description": "the fitted Beta prior"})
    rows = fields.List(fields.Nested(CardRowSchema), required=True)


class DeckRowSchema(Schema):
    archetype = fields.String(required=True, metadata={"description": 'main series set code plus colors with 8+ cards: "MHK red-blue"'})
    games = fields.Integer(required=True, metadata={"description": "player-games"})
    share = fields.Float(required=True)
    wr = _wr("WR")
    wr_ci = _ci()
    first_games = fields.Integer(required=True)
    first_wr = _wr("WR going first")
    first_ci = _ci()
    second_games = fields.Integer(required=True)
    second_wr = _wr("WR going second")
    second_ci = _ci()
    redraws = fields.Integer(required=True)
    redraw_rate = fields.Float(required=True)


class DeckStatsSchema(_Envelope):
    rows = fields.List(fields.Nested(DeckRowSchema), required=True)


class MatchupRowSchema(Schema):
    archetype = fields.String(required=True)
    opponent = fields.String(required=True)
    games = fields.Integer(required=True, metadata={"description": "player-games of archetype against opponent"})
    wr = _wr("WR of archetype against opponent (0.5 for a mirror)")
    wr_ci = _ci()
    mirror = fields.Boolean(required=True)


class MatchupStatsSchema(_Envelope):
    archetypes = fields.List(fields.String(), required=True, metadata={"description": "most played first"})
    rows = fields.List(fields.Nested(MatchupRowSchema), required=True)


class FirstRowSchema(Schema):
    archetype = fields.String()
    games = fields.Integer(required=True, metadata={"description": "player-games going first"})
    wr = _wr("WR going first")
    wr_ci = _ci()


class FirstStatsSchema(_Envelope):
    overall = fields.Nested(FirstRowSchema, required=True)
    rows = fields.List(fields.Nested(FirstRowSchema), required=True)


class TrendRowSchema(Schema):
    week = fields.String(required=True, metadata={"description": "ISO week of played_at, e.g. 2026-W47"})
    archetype = fields.String(required=True)
    games = fields.Integer(required=True)
    share = fields.Float(required=True, metadata={"description": "of the week's player-games in the filter"})
    wr = _wr("WR")
    wr_ci = _ci()


class WeekSchema(Schema):
    week = fields.String(required=True)
    games = fields.Integer(required=True, metadata={"description": "player-games that week"})


class TrendStatsSchema(_Envelope):
    weeks = fields.List(fields.Nested(WeekSchema), required=True)
    rows = fields.List(fields.Nested(TrendRowSchema), required=True)


class PairRowSchema(Schema):
    hero = fields.String(required=True, metadata={"description": "the opening Hero's card id"})
    girl = fields.String(required=True, metadata={"description": "the opening Magical Girl's card id"})
    hero_name = fields.String(allow_none=True, required=True)
    girl_name = fields.String(allow_none=True, required=True)
    pair = fields.String(required=True, metadata={"description": '"Hero × Magical Girl" by name'})
    games = fields.Integer(required=True, metadata={"description": "player-games opening with the pair"})
    n = fields.Integer(required=True, metadata={"description": "the same count under mahou-shoujo.md §13's name"})
    wr = _wr("WR of those player-games")
    wr_ci = _ci()


class _CountedRow(Schema):
    games = fields.Integer(required=True, metadata={"description": "player-games in the row"})
    n = fields.Integer(required=True, metadata={"description": "the same count under clockwork-memorion.md §13's name"})
    wr = _wr("WR of those player-games")
    wr_ci = _ci()


class RulerRowSchema(_CountedRow):
    ruler = fields.String(required=True, metadata={"description": "the Ruler's card id"})
    name = fields.String(allow_none=True, required=True)


class LimitRowSchema(_CountedRow):
    limit = fields.String(required=True, metadata={"description": 'the Summon Limit placement: "<id>:<face>", ":r" when rotated'})
    card = fields.String(required=True)
    name = fields.String(allow_none=True, required=True)
    face = fields.String(required=True)
    rotated = fields.Boolean(required=True)


class WordRowSchema(_CountedRow):
    word = fields.String(required=True, metadata={"description": "a word inherited or recalled (as text)"})


def _shares(text: str) -> fields.Dict:
    return fields.Dict(keys=fields.String(), values=fields.Float(), required=True, metadata={"description": text})


def _counts(text: str) -> fields.Dict:
    return fields.Dict(keys=fields.String(), values=fields.Integer(), required=True, metadata={"description": text})


class GameStatsSchema(_Envelope):
    """Game rows (mahou-shoujo.md §13); fields a game does not have are null (Gems, Grands) or empty (pairs)."""

    games = fields.Integer(required=True, metadata={"description": "finished games in the filter"})
    player_games = fields.Integer(required=True)
    wr = _wr("WR of the player-games (0.5 unless a filter keeps one side)")
    wr_ci = _ci()
    avg_turns = fields.Float(allow_none=True, required=True, metadata={"description": "mean turns per game"})
    gems_avg = fields.Float(allow_none=True, required=True, metadata={"description": "mean final Gems per player-game"})
    gem_margin = _shares('share of games by final score pair, higher first ("3-1.5")')
    gem_margin_games = _counts("games by final score pair")
    gems_from_heroes = fields.Float(allow_none=True, required=True, metadata={
        "description": "share of the Gems gained from ½ awards (a bare Hero defeated)"})
    gems_from_girls = fields.Float(allow_none=True, required=True, metadata={
        "description": "share of the Gems gained from 1 awards (a fighter with a Magical Girl defeated)"})
    first_games = fields.Integer(allow_none=True, required=True, metadata={"description": "player-games going first"})
    first_wr = _wr("WR of the player going first (the first-player edge)")
    first_ci = _ci()
    redraw_games = fields.Integer(required=True, metadata={"description": "player-games with at least one MG redraw"})
    redraw_rate = fields.Float(allow_none=True, required=True)
    redraw_wr = _wr("WR of the player-games with a redraw")
    redraw_ci = _ci()
    grand_games = fields.Integer(allow_none=True, required=True, metadata={"description": "player-games with a grand_transform"})
    grand_rate = fields.Float(allow_none=True, required=True)
    grand_wr = _wr("WR of the player-games with a Grand Transformation")
    grand_ci = _ci()
    pair_wr = fields.List(fields.Nested(PairRowSchema), required=True, metadata={
        "description": "per opening Hero × Magical Girl pair, most played first"})
    end_reasons = _shares("share of games by end reason: gems, deck_out, concede, draw (and any other found)")
    end_reason_games = _counts("games by end reason")
    # clockwork-memorion.md §13 (null or empty for other games)
    life_left_avg = fields.Float(allow_none=True, required=True, metadata={"description": "the winner's mean final Life"})
    mulligan_games = fields.Integer(allow_none=True, required=True, metadata={"description": "player-games with a mulligan"})
    mulligan_rate = fields.Float(allow_none=True, required=True)
    mulligan_wr = _wr("WR of the player-games with a mulligan")
    mulligan_ci = _ci()
    deify_games = fields.Integer(allow_none=True, required=True, metadata={"description": "player-games with a Deification"})
    deify_rate = fields.Float(allow_none=True, required=True)
    deify_wr = _wr("WR of the player-games with a Deification")
    deify_ci = _ci()
    deify_turn_avg = fields.Float(allow_none=True, required=True, metadata={"description": "mean turn of the Deification"})
    ruler_wr = fields.List(fields.Nested(RulerRowSchema), required=True, metadata={"description": "per Ruler"})
    limit_wr = fields.List(fields.Nested(LimitRowSchema), required=True, metadata={"description": "per Summon Limit placement"})
    word_wr = fields.List(fields.Nested(WordRowSchema), required=True, metadata={"description": "per word used"})
    recall_avg = fields.Float(allow_none=True, required=True, metadata={"description": "recalls per player-game"})
    recall_time_avg = fields.Float(allow_none=True, required=True, metadata={
        "description": "recalls made inside Recall Times per Recall Time opened"})


COMPONENTS: dict[str, type[Schema]] = {
    "CardRow": CardRowSchema, "CardStats": CardStatsSchema,
    "DeckStats": DeckStatsSchema, "MatchupStats": MatchupStatsSchema, "FirstStats": FirstStatsSchema,
    "TrendStats": TrendStatsSchema, "GameStats": GameStatsSchema,
}
SUMMARIES = {
    "cards": ("CardStats", "Card statistics (metrics.md): one row per card in a deck of the filtered games"),
    "decks": ("DeckStats", "Per archetype: player-games, share, WR with interval, WR going first and second, redraw rate"),
    "matchups": ("MatchupStats", "Archetype against archetype: WR with n and interval (mirrors 0.5)"),
    "first": ("FirstStats", "First-player advantage: WR going first, overall and per archetype"),
    "trends": ("TrendStats", "Share and WR per archetype per ISO week"),
    "games": ("GameStats", "Game rows: turns, Gems, first-player WR, redraw and Grand rates, opening pair WRs, end reasons"),
}


#: ``/api/stats/cards``: the metrics.md rows as a bare array (interfaces.md), or the object with ``?envelope=1``
ENVELOPE = {"in": "query", "name": "envelope", "required": False, "schema": {"type": "string", "enum": ["1", "true", "0", "false"]},
            "description": "1 (or true): answer the CardStats object (covers, filters, prior, rows) instead of the bare array of "
                           "card rows"}
CARD_HEADERS = {
    "X-Pmemo-Games": {"description": "finished games in the filter (covers.games)", "schema": {"type": "integer"}},
    "X-Pmemo-Player-Games": {"description": "player-games in the filter (covers.player_games)", "schema": {"type": "integer"}},
    "X-Pmemo-Known-Hands": {"description": "player-games with fully known hands (covers.known_hands_player_games)",
                            "schema": {"type": "integer"}},
}
CARDS_200 = {
    "description": "by default a JSON array of card rows (metrics.md; the games covered are in the X-Pmemo-Games and "
                   "X-Pmemo-Player-Games headers); with envelope=1 the CardStats object, whose rows are the same array",
    "headers": CARD_HEADERS,
    "content": {"application/json": {"schema": {"oneOf": [{"type": "array", "items": "CardRow"}, "CardStats"]}}},
}


def paths() -> dict[str, dict[str, Any]]:
    """The OpenAPI operations of ``/api/stats/*``."""
    out: dict[str, dict[str, Any]] = {}
    for kind, (schema, summary) in SUMMARIES.items():
        ok = {"description": "covers, filters and rows", "content": {"application/json": {"schema": schema}}}
        params: list[dict[str, Any]] = [{"in": "query", "schema": StatsQuery}]
        if kind == "cards":
            ok, params = CARDS_200, [*params, ENVELOPE]
        out[f"/api/stats/{kind}"] = {"get": {
            "summary": summary, "parameters": params,
            "responses": {"200": ok, "400": {"description": "an unreadable filter, a date out of range, or from after to",
                                             "content": {"application/json": {"schema": "Error"}}}},
        }}
    return out
