"""marshmallow schemas of the HTTP API: query parameters (loaded) and responses (described in OpenAPI, checked in tests)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from marshmallow import EXCLUDE, INCLUDE, Schema, ValidationError, fields, pre_load, validate, validates_schema

from pmemo_replay import dates
from pmemo_replay.flags import FLAG_VALUES, FLAG_WORDS

MAX_PER_PAGE = 200
#: the largest page, step or id a request may name (beyond it databases overflow their integers)
MAX_INT = 2**31 - 1
#: a search filter holds no NUL (no stored name does, and PostgreSQL's text cannot hold one)
NO_NUL = validate.Regexp(r"^[^\x00]*$", error="must not hold a NUL character (U+0000)")


_YEAR = r"([0-9]{3}[1-9]|[0-9]{2}[1-9]0|[0-9][1-9]00|[1-9]000)"  # 0001 to 9999
_MONTH_DAY = r"((0[13578]|1[02])-(0[1-9]|[12][0-9]|3[01])|(0[469]|11)-(0[1-9]|[12][0-9]|30)|02-(0[1-9]|1[0-9]|2[0-8]))"
_LEAP_DAY = r"([0-9]{2}(0[48]|[2468][048]|[13579][26])|(0[48]|[2468][048]|[13579][26])00)-02-29"
_TIME = r"T([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,6})?)?Z?"
_DATE = rf"({_YEAR}-{_MONTH_DAY}|{_LEAP_DAY})"
#: the ISO forms of a ``from``/``to`` filter the description names: a date (a whole UTC day), or a date and UTC time;
#: the server also reads the other ISO 8601 forms (compact ``20261101``, a week date, an offset: dates.py); nothing
#: or blanks: no bound
ISO_WHEN_PATTERN = rf"^\s*({_DATE}({_TIME})?)?\s*$"
#: a date before 9999-12-31: the statistics' ``to`` ends at the start of the next day, which must exist
_BEFORE_LAST_DAY = (r"((0[0-9]{2}[1-9]|0[0-9][1-9]0|0[1-9]00|[1-8][0-9]{3}|9[0-8][0-9]{2}|99[0-8][0-9]|999[0-8])-12-31"
                    rf"|{_YEAR}-((0[13578]|10)-(0[1-9]|[12][0-9]|3[01])|12-(0[1-9]|[12][0-9]|30)"
                    rf"|(0[469]|11)-(0[1-9]|[12][0-9]|30)|02-(0[1-9]|1[0-9]|2[0-8]))|{_LEAP_DAY})")
#: the statistics' ``to``: as :data:`ISO_WHEN_PATTERN`, but a date alone at most 9999-12-30
ISO_TO_PATTERN = rf"^\s*({_BEFORE_LAST_DAY}|{_DATE}{_TIME})?\s*$"


def when_metadata(description: str, pattern: str = ISO_WHEN_PATTERN) -> dict[str, Any]:
    """The OpenAPI metadata of a ``from``/``to`` filter: an ISO date or date-time (:data:`ISO_WHEN_PATTERN`)."""
    return {"description": description, "type": "string", "pattern": pattern, "example": "2026-11-01"}


def filter_text(description: str) -> fields.String:
    """A text filter of a search: any text but NUL."""
    return fields.String(validate=NO_NUL, metadata={"description": description})


def flag_field(description: str) -> fields.String:
    """A yes/no query parameter, read as every flag is (pmemo_replay.flags: 1, true, yes, on or 0, false, no, off)."""
    return fields.String(validate=validate.OneOf(FLAG_VALUES, error=FLAG_WORDS + ", not {input!r}"), metadata={
        "description": f"{description} (a flag: 1, true, yes, on or 0, false, no, off)"})


class DateOrDateTime(fields.Field):
    """An ISO 8601 date (``2026-11-01``, ``20261101``: a whole UTC day) or date-time (``2026-11-01T14:00:00Z``)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> date | datetime:
        if not isinstance(value, str):
            raise ValidationError("not an ISO date or date-time")
        try:
            return dates.parse_when(self.data_key or attr or "date", value)
        except dates.DateError as err:
            raise ValidationError(str(err)) from None


class GamesQuery(Schema):
    """Filters and paging of ``GET /api/games``."""

    class Meta:
        unknown = EXCLUDE

    player = filter_text("games this player played (at any seat)")
    deck = filter_text("games where a seat played a deck of this name")
    card = filter_text("games with this card id in any deck or EX deck")
    event = filter_text("tournament name")
    ruleset = filter_text("games of this ruleset (pm-2.22, mahou-shoujo-1)")
    played_from = DateOrDateTime(data_key="from", metadata=when_metadata(
        "played at or after (an ISO UTC date, 2026-11-01, or date-time, 2026-11-01T14:00:00Z; not after to)"))
    played_to = DateOrDateTime(data_key="to", metadata=when_metadata(
        "played at or before (an ISO UTC date: that whole day, or date-time)"))
    regular_only = flag_field("1: leave out games stored as played with irregular actions (docs/as-played.md), as the "
                              "statistics and the pages read it")
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=MAX_INT), metadata={
        "description": "a page past the last one answers 404 naming the last (`pages` in the answer)"})
    per_page = fields.Integer(load_default=50, validate=validate.Range(min=1, max=MAX_PER_PAGE))

    @pre_load
    def _empty_dates_are_absent(self, data: Any, **kwargs: Any) -> Any:
        """``from=`` or ``to=`` with nothing (a form left empty) is no bound, as the pages and statistics read it."""
        if hasattr(data, "items"):
            return {k: v for k, v in data.items() if not (k in ("from", "to") and isinstance(v, str) and not v.strip())}
        return data

    @validates_schema(pass_original=True)
    def _dates_in_order(self, data: dict[str, Any], original: dict[str, Any], **kwargs: Any) -> None:
        try:
            dates.check_order(data.get("played_from"), data.get("played_to"), original.get("from", ""), original.get("to", ""))
        except dates.DateError as err:
            raise ValidationError(str(err), "to") from None


#: the views of a two-seat game (table-logs.md, "Views"); a game of more seats has a view per seat: ``0`` to ``N-1``
VIEWS = ("judge", "0", "1", "public")
#: any view: judge, public or a seat number (checked against the game's seats where the game is known)
VIEW_PATTERN = r"^(judge|public|0|[1-9][0-9]?)$"  # a seat number without a leading zero
VIEW_ERROR = "Must be judge, public or a seat number (0, 1, ...)."


def _one_line(value: str) -> None:
    """``$`` also matches before a final newline: a view is one line."""
    if "\n" in value:
        raise ValidationError(VIEW_ERROR)


_VIEW = [validate.Regexp(VIEW_PATTERN, error=VIEW_ERROR), _one_line]


class StateQuery(Schema):
    class Meta:
        unknown = EXCLUDE

    at = fields.Integer(validate=validate.Range(min=0, max=MAX_INT),
                        metadata={"description": "number of actions applied (default: all)"})
    view = fields.String(validate=_VIEW, load_default="judge",
                         metadata={"description": "judge (everything), a seat number 0, 1, ... (what that seat saw), or public"})


class ActionsQuery(Schema):
    class Meta:
        unknown = EXCLUDE

    view = fields.String(validate=_VIEW, load_default="judge",
                         metadata={"description": "judge (the stored log), a seat number or public (the log that seat could "
                                                  "have recorded, one action per stored action)"})


class ErrorSchema(Schema):
    error = fields.String(required=True)


class RulingSchema(Schema):
    index = fields.Integer(allow_none=True, required=True)
    path = fields.String(required=True)
    rule = fields.String(required=True, metadata={"description": "stable rule id (rules.md)"})
    ref = fields.String(allow_none=True, required=True, metadata={"description": "rule-book page"})
    message = fields.String(required=True)


class IrregularSchema(RulingSchema):
    """One action that stood irregular in a log played as logged: the first rule it broke (docs/as-played.md)."""

    also = fields.List(fields.Nested(RulingSchema), metadata={
        "description": "the other rules the same action broke, each a ruling (absent when it broke one)"})


class RulingResponse(Schema):
    ruling = fields.Nested(RulingSchema, required=True)


class DraftRefusal(RulingResponse):
    stands_as_played = fields.Boolean(required=True, metadata={
        "description": "true when the action, sent with \"as_played\": false to a draft recorded as played, would "
                       "stand as played (the recorder then offers to record it anyway); false otherwise"})


class UploadRefusal(RulingResponse):
    stands_as_played = fields.Boolean(required=True, metadata={
        "description": "true when the log, refused as an ordinary log, would stand played as logged (folded as played to "
                       "its end; sent again with ?as_played=1: docs/as-played.md); false otherwise, and for an upload "
                       "that asked as_played"})
    hint = fields.String(metadata={"description": "with stands_as_played: what to do, in words"})
    irregular = fields.List(fields.Nested(IrregularSchema), required=True, metadata={
        "description": "folded as played: the actions that stood irregular before the fold stopped (all of them when "
                       "stands_as_played), each with the other rules it broke in `also`; [] for a log refused at its "
                       "header or malformed"})


class CreatedSchema(Schema):
    id = fields.Integer(required=True)


class ResultSchema(Schema):
    class Meta:
        unknown = INCLUDE  # a game's own fields (scores, placements)

    winner = fields.Integer(allow_none=True, required=True)
    reason = fields.String(required=True, metadata={
        "description": "the game's own reason: points (Precious Memories), gems, deck_out (Mahou Shoujo), concede, "
                       "draw, or another ruleset's"})


class SeatSchema(Schema):
    seat = fields.Integer(required=True)
    player = fields.String(required=True)
    deck_name = fields.String(allow_none=True, required=True)
    score = fields.Float(allow_none=True, required=True, metadata={
        "description": "the game's score at the end (Point Zone cards, Gems); null for games stored before it was kept"})
    placement = fields.Integer(allow_none=True, required=True, metadata={
        "description": "1 the winner (every seat in a draw), 2 the others; in a game of more seats its order (ties "
                       "share a placement); null while the game goes on"})


class GameSummarySchema(Schema):
    id = fields.Integer(required=True)
    source_id = fields.String(allow_none=True)
    players = fields.List(fields.String(), required=True, metadata={"description": "the players' names by seat"})
    decks = fields.List(fields.String(allow_none=True), metadata={"description": "the deck names by seat"})
    seats = fields.List(fields.Nested(SeatSchema), metadata={"description": "every seat: player, deck, score, placement"})
    first = fields.Integer()
    played_at = fields.String(allow_none=True)
    result = fields.Nested(ResultSchema, allow_none=True)
    actions = fields.Integer(required=True, metadata={"description": "number of actions"})
    turns = fields.Integer(required=True)
    ruleset = fields.String()
    unverified = fields.Integer(allow_none=True, metadata={
        "description": "actions whose effect the engine applied as recorded without verifying it (null: not counted "
                       "yet, a game stored before the count was kept)"})
    irregular = fields.Integer(metadata={"description": "irregular actions that stood in a game stored as played"})
    event = fields.String(allow_none=True)
    round = fields.Integer(allow_none=True)


class GamePageSchema(Schema):
    items = fields.List(fields.Nested(GameSummarySchema), required=True)
    total = fields.Integer(required=True)
    page = fields.Integer(required=True)
    per_page = fields.Integer(allow_none=True, required=True)
    pages = fields.Integer(required=True, metadata={
        "description": "how many pages the matching games fill (1 when none match); a page past it answers 404"})


class RecordingSchema(Schema):
    seat = fields.Integer(required=True, metadata={"description": "the seat the draft was recorded from"})
    draft = fields.Integer(required=True, metadata={"description": "the draft's id (/games/draft/<id>)"})
    game_id = fields.Integer(allow_none=True, required=True, metadata={"description": "the seat's own stored game"})


class PairedSchema(Schema):
    draft = fields.Integer(required=True, metadata={"description": "the seat's draft this game was stored from"})
    seat = fields.Integer(required=True, metadata={"description": "the seat it was recorded from"})
    with_ = fields.Integer(required=True, data_key="with", metadata={"description": "the other seat's draft"})


class BranchSchema(Schema):
    of = fields.Integer(allow_none=True, required=True, metadata={
        "description": "the stored game it branches from (null: a log pasted on the judge page)"})
    at = fields.Integer(required=True, metadata={"description": "the step of that game it starts from"})
    view = fields.String(allow_none=True, required=True, metadata={"description": "judge, a seat or public"})
    draft = fields.Integer(required=True, metadata={"description": "the branch's draft (/games/draft/<id>)"})


class GameSchema(GameSummarySchema):
    header = fields.Dict(required=True, metadata={"description": "the log's game header"})
    stored_at = fields.String(allow_none=True)
    ruling = fields.Nested(RulingSchema, allow_none=True,
                           metadata={"description": "set when a re-check by a later engine refused the log"})
    recordings = fields.List(fields.Nested(RecordingSchema), metadata={
        "description": "a game merged from two seats' recordings: each seat's draft and its own seat game "
                       "(superseded by this one); [] for any other game"})
    merged_into = fields.Integer(allow_none=True, metadata={
        "description": "a seat's recording superseded by the merged game of both seats (left out of lists and "
                       "statistics, whatever moderation does): that game's id; null otherwise"})
    paired = fields.Nested(PairedSchema, allow_none=True, metadata={
        "description": "a seat's recording whose draft asked to be paired with the other seat's: the merge page is "
                       "/games/draft/<draft>/merge (for the browser holding that draft's token); null otherwise"})
    second_recording = fields.Integer(allow_none=True, metadata={
        "description": "on the seat's recording that counts for a game two paired drafts recorded, not merged yet (the "
                       "one stored first): the other seat's stored recording, left out of lists and statistics; null "
                       "otherwise"})
    second_recording_of = fields.Integer(allow_none=True, metadata={
        "description": "on the pair's second recording (stored second, not merged yet): the other seat's stored "
                       "recording, which counts for the game; this one is left out of lists and statistics; null "
                       "otherwise"})
    what_if = fields.Boolean(metadata={"description": "a finished what-if branch: a game that could have been, "
                                                      "never listed or counted in statistics"})
    branch = fields.Nested(BranchSchema, allow_none=True, metadata={
        "description": "where a what-if branch comes from; null for any other game"})


class ActionsSchema(Schema):
    id = fields.Integer(required=True)
    view = fields.String(validate=_VIEW)
    actions = fields.List(fields.Dict(), required=True)


class TrailEntrySchema(Schema):
    rule = fields.String(required=True)
    ref = fields.String(allow_none=True, required=True)
    ok = fields.Boolean(allow_none=True, required=True, metadata={"description": "true: rule checked; null: what followed"})
    message = fields.String(required=True)
    unverified = fields.Boolean(metadata={"description": "an effect step applied as recorded, not computed"})


class PointSchema(Schema):
    card = fields.String(required=True, allow_none=True, metadata={"description": "null: an unknown card"})
    face = fields.String(required=True, validate=validate.OneOf(["up", "down"]))


class CharaSchema(Schema):
    card = fields.String(required=True)
    name = fields.String(required=True)
    ap = fields.Integer(allow_none=True, required=True)
    dp = fields.Integer(allow_none=True, required=True)
    rested = fields.Boolean(required=True)
    level = fields.Integer(required=True)
    stack = fields.List(fields.String(), required=True)
    supports = fields.List(fields.String(), required=True)
    under = fields.List(fields.String(allow_none=True), metadata={
        "description": "cards face down under it, bottom first; null for each in another seat's view"})
    coins = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    entered_turn = fields.Integer(required=True)
    modifiers = fields.List(fields.Dict())
    grants = fields.List(fields.Dict())
    approached = fields.Boolean()


class FighterSchema(Schema):
    """Mahou Shoujo: a Hero on the field with its cards (mahou-shoujo.md §12); ids null in a player's view."""

    hero = fields.String(required=True, allow_none=True)
    girl = fields.String(required=True, allow_none=True)
    grand = fields.String(required=True, allow_none=True)
    pets = fields.List(fields.String(), required=True, allow_none=True)
    hp = fields.Integer(required=True, allow_none=True)
    max_hp = fields.Integer(required=True, allow_none=True)
    atk = fields.Integer(required=True, allow_none=True)
    mgk = fields.Integer(required=True, allow_none=True)
    grand_attacked = fields.Boolean(required=True, allow_none=True)


class PlayerSchema(Schema):
    """One player's side: the fields of the game's state JSON (Precious Memories: interfaces.md; Mahou Shoujo:
    mahou-shoujo.md §12; another ruleset's own fields besides)."""

    class Meta:
        unknown = INCLUDE

    name = fields.String(required=True)
    deck_count = fields.Integer(required=True)
    hand = fields.List(fields.String(allow_none=True), required=True, metadata={"description": "null: an unknown card"})
    # Precious Memories
    ex_deck_count = fields.Integer(allow_none=True, metadata={"description": "null: an unlisted EX deck"})
    discard = fields.List(fields.String())
    points = fields.List(fields.Nested(PointSchema))
    main = fields.List(fields.Nested(CharaSchema))
    support = fields.List(fields.Nested(CharaSchema))
    removed = fields.List(fields.String())
    unseen = fields.Dict(keys=fields.String(), values=fields.Integer(), allow_none=True,
                         metadata={"description": "table logs: the pool unknown cards come from (null: unlisted deck)"})
    # Mahou Shoujo
    hand_count = fields.Integer()
    dreamscape = fields.List(fields.String())
    gems = fields.Float(metadata={"description": "a multiple of 0.5"})
    redraws = fields.Integer()
    active = fields.Nested(FighterSchema, allow_none=True)
    squad = fields.List(fields.Nested(FighterSchema))


class GameStateSchema(Schema):
    """The judge's (or a player's) state JSON of a game; ``ruleset`` names a game other than Precious Memories (whose
    state may hold fields of its own besides these)."""

    class Meta:
        unknown = INCLUDE

    applied = fields.Integer(required=True)
    ruleset = fields.String()
    turn = fields.Integer(required=True)
    turn_player = fields.Integer(required=True, allow_none=True, metadata={"description": "null in Mahou's setup"})
    phase = fields.String(required=True)
    step = fields.String(allow_none=True)
    priority = fields.Integer(allow_none=True)
    players = fields.List(fields.Nested(PlayerSchema), required=True)
    result = fields.Nested(ResultSchema, allow_none=True, required=True)
    approach = fields.Dict()
    actions_used = fields.Integer(metadata={"description": "Mahou Shoujo: actions taken this turn (0-2)"})
    must_replace = fields.List(fields.Integer(), metadata={
        "description": "Mahou Shoujo: who must fill their Active position, in order"})


class StateResponse(Schema):
    id = fields.Integer(required=True)
    at = fields.Integer(required=True)
    view = fields.String(validate=_VIEW, metadata={"description": "the view shown"})
    state = fields.Nested(GameStateSchema, required=True)
    trail = fields.List(fields.Nested(TrailEntrySchema), allow_none=True, required=True,
                        metadata={"description": "the rulings trail of action N (null at step 0)"})


class LegalResponse(Schema):
    id = fields.Integer(required=True)
    at = fields.Integer(required=True)
    view = fields.String(required=True, validate=_VIEW)
    legal = fields.List(fields.Dict(), required=True, metadata={"description": "actions the fold would accept there"})


class CheckSchema(Schema):
    valid = fields.Boolean(required=True)
    applied = fields.Integer(required=True)
    ruling = fields.Nested(RulingSchema, allow_none=True, required=True)
    state = fields.Nested(GameStateSchema, allow_none=True, required=True)
    result = fields.Nested(ResultSchema, allow_none=True, required=True)
    unverified = fields.List(fields.Dict(), metadata={
        "description": "steps applied as recorded, not checked: {index, path, card, why}"})
    irregular = fields.List(fields.Nested(IrregularSchema), metadata={
        "description": "as played: one ruling per irregular action that stood, the other rules it broke in `also` "
                       "(docs/as-played.md)"})
    refused_irregular = fields.List(fields.Nested(RulingSchema), metadata={
        "description": "as played, beside a final ruling: what the refused action itself broke that could have been let "
                       "pass (a trigger it skipped among them); none of it stood, the action was not carried out"})


class CheckQuery(Schema):
    class Meta:
        unknown = EXCLUDE

    at = fields.Integer(validate=validate.Range(min=0, max=MAX_INT), metadata={"description": "check only the first N actions"})
    as_played = flag_field("1: fold the log as played, as if its header said \"as_played\": true (docs/as-played.md): "
                           "irregular actions the table let stand are listed in `irregular` and the fold goes on")


class JudgeStepSchema(Schema):
    at = fields.Integer(required=True)
    state = fields.Nested(GameStateSchema, required=True)
    trail = fields.List(fields.Nested(TrailEntrySchema), allow_none=True, required=True)
    legal = fields.List(fields.Dict(), required=True, metadata={"description": "legal actions of the player who may act"})


class JudgeStepQuery(Schema):
    class Meta:
        unknown = EXCLUDE

    at = fields.Integer(required=True, validate=validate.Range(min=0, max=MAX_INT))


def first_error(err: ValidationError) -> str:
    """One readable line from a marshmallow error: ``page: Must be greater than or equal to 1.``"""
    messages = err.normalized_messages()
    parts = []
    for key, value in messages.items():
        text = value[0] if isinstance(value, list) and value else value
        parts.append(f"{key}: {text}")
    return "; ".join(parts) or "invalid request"
