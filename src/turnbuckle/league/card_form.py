"""A wrestler card as a form, generated from the game's own pydantic roster models: the fields
and their kinds, a card's values bound to named inputs, the submitted form read back into the
card's TOML table, and each validation message put beside the field it is about.

Nothing here knows a game: the shapes come from the models (strings, numbers, booleans, choices
from ``Literal`` and ``Enum``, lists, fixed tuples, nested models, lists of models, and tables
keyed by a ``Literal``), so every game's roster format, and any new one, gets its form. Input
names are the field paths (``maneuver.2.cost``), the same paths pydantic reports errors at.
"""

from __future__ import annotations

import re
import types
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from annotated_types import Ge, Gt, Le, Lt, MaxLen, MinLen
from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

from turnbuckle.text import signed_number, whole_number

LONG_TEXT = frozenset({"text", "flavor"})
"""Fields shown as a text area."""
PLACEHOLDER = "__i{depth}__"
"""The index a list's blank template item carries until the page's script numbers it."""
INT_DIGITS = 12
"""Digits a whole-number field takes (``text.signed_number``: ASCII digits only, like every form)."""
FLOAT = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]{1,3})?")


class _Absent:
    """A field the form left empty: the key is left out of the card."""


ABSENT = _Absent()


@dataclass(frozen=True)
class FormField:
    """One field of a card's model, as the form shows it."""

    key: str
    """The TOML key (the field's alias where it has one, as in ``def`` for ``def_``)."""
    kind: str
    """text, textarea, int, float, bool, choice, token, model, list, tuple or keyed."""
    required: bool = False
    optional: bool = False
    """None is allowed (an empty input leaves the key out)."""
    default: Any = None
    help: str = ""
    choices: tuple[Any, ...] = ()
    """Allowed values of a choice; suggestions of a token (a number or one of these words)."""
    fields: tuple[FormField, ...] = ()
    """A model's fields."""
    item: FormField | None = None
    """A list's or tuple's item."""
    size: int | None = None
    """A fixed tuple's length."""
    keys: tuple[str, ...] = ()
    """A keyed table's keys."""
    low: float | None = None
    high: float | None = None

    @property
    def label(self) -> str:
        """``pin_advanced`` -> ``pin advanced``, ``level3`` -> ``level 3``."""
        return re.sub(r"([A-Za-z])(\d)", r"\1 \2", self.key.replace("_", " "))

    @property
    def needed(self) -> bool:
        """The card must fill it in (no default, None not allowed)."""
        return self.required and not self.optional

    def child(self, key: str) -> FormField | None:
        return next((f for f in self.fields if f.key == key), None)


# -- the fields of a model ---------------------------------------------------------------------
def model_form(model: type[BaseModel]) -> FormField:
    """The form of ``model``: one field per model field, nested as the model nests."""
    fields = []
    for name, info in model.model_fields.items():
        fields.append(_from_info(info.alias or name, info))
    return FormField(key="", kind="model", required=True, fields=tuple(fields), help=_doc(model))


def _doc(model: type[Any]) -> str:
    doc = (model.__doc__ or "").strip()
    return doc.split("\n\n")[0].replace("\n", " ") if doc else ""


def _from_info(key: str, info: FieldInfo) -> FormField:
    required = info.is_required()
    default: Any = None
    if not required:
        default = info.get_default(call_default_factory=True)
        if default is PydanticUndefined:
            default = None
    low, high = _bounds(info.metadata)
    return _from_annotation(key, info.annotation, required, default, info.description or "", low, high)


def _bounds(metadata: list[Any]) -> tuple[float | None, float | None]:
    low = high = None
    for item in metadata:
        if isinstance(item, Ge):
            low = float(item.ge)  # type: ignore[arg-type]
        elif isinstance(item, Gt):
            low = float(item.gt) + 1  # type: ignore[arg-type]
        elif isinstance(item, Le):
            high = float(item.le)  # type: ignore[arg-type]
        elif isinstance(item, Lt):
            high = float(item.lt) - 1  # type: ignore[arg-type]
    return low, high


def _lengths(metadata: list[Any]) -> tuple[int | None, int | None]:
    low = high = None
    for item in metadata:
        if isinstance(item, MinLen):
            low = item.min_length
        elif isinstance(item, MaxLen):
            high = item.max_length
    return low, high


def _from_annotation(
    key: str,
    annotation: Any,
    required: bool,
    default: Any,
    help: str,
    low: float | None = None,
    high: float | None = None,
) -> FormField:
    optional = False
    origin = get_origin(annotation)
    if origin in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        optional = len(args) != len(get_args(annotation))
        if len(args) == 1:
            annotation, origin = args[0], get_origin(args[0])
        else:  # a number or one of some words (WRASSLIN' "W", ">S")
            words = tuple(w for a in args if get_origin(a) is Literal for w in get_args(a))
            return FormField(key, "token", required, optional, default, help, choices=words, low=low, high=high)
    if origin is Annotated:
        extra = list(annotation.__metadata__)
        annotation, origin = get_args(annotation)[0], get_origin(get_args(annotation)[0])
        low2, high2 = _bounds(extra)
        low, high = low if low2 is None else low2, high if high2 is None else high2
    common: dict[str, Any] = {"required": required, "optional": optional, "default": default, "help": help}
    if annotation is Any:
        return FormField(key, "text", **common)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        sub = model_form(annotation)
        return FormField(key, "model", fields=sub.fields, **{**common, "help": help or sub.help})
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return FormField(key, "choice", choices=tuple(m.value for m in annotation), **common)
    if origin is Literal:
        return FormField(key, "choice", choices=get_args(annotation), **common)
    if origin in (list, tuple):
        args = list(get_args(annotation))
        if origin is tuple and args and (len(args) != 2 or args[1] is not Ellipsis):
            item = _from_annotation("", args[0], True, None, "")
            return FormField(key, "tuple", item=item, size=len(args), **common)
        item = _from_annotation("", args[0] if args else Any, True, None, "")
        return FormField(key, "list", item=item, **common)
    if origin is dict:
        key_type, value_type = get_args(annotation)
        keys = tuple(str(k) for k in get_args(key_type)) if get_origin(key_type) is Literal else ()
        item = _from_annotation("", value_type, False, None, "")
        return FormField(key, "keyed", item=item, keys=keys, **common)
    if annotation is bool:
        return FormField(key, "bool", **common)
    if annotation is int:
        return FormField(key, "int", low=low, high=high, **common)
    if annotation is float:
        return FormField(key, "float", low=low, high=high, **common)
    return FormField(key, "textarea" if key in LONG_TEXT else "text", **common)


# -- a card bound to the form ------------------------------------------------------------------
@dataclass
class Bound:
    """A field with its input name, the value it shows and the messages beside it."""

    spec: FormField
    name: str
    value: str = ""
    checked: bool = False
    errors: list[str] = field(default_factory=list)
    children: list[Bound] = field(default_factory=list)
    template: Bound | None = None
    """A variable list's blank item (its index is ``placeholder``) that the page's script copies."""
    placeholder: str = ""
    index: int | None = None
    """Position in its list or tuple."""

    @property
    def id(self) -> str:
        return "f-" + (self.name.replace(".", "-") or "card")

    @property
    def label(self) -> str:
        if self.index is not None:
            return f"{self.spec.label or 'item'} {self.index + 1}"
        return self.spec.label

    def walk(self) -> list[Bound]:
        out = [self]
        for child in self.children:
            out.extend(child.walk())
        return out


def bind(form: FormField, card: Mapping[str, Any] | None) -> Bound:
    """The form showing ``card`` (a roster entry as its TOML table reads; None: a blank card)."""
    return _bind(form, dict(card or {}), "", 0)


def _join(prefix: str, key: str) -> str:
    return f"{prefix}.{key}" if prefix else key


def _text(value: Any) -> str:
    if value is None or isinstance(value, _Absent):
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return repr(value)
    return str(value)


def _bind(f: FormField, value: Any, name: str, depth: int, index: int | None = None) -> Bound:
    bound = Bound(f, name, index=index)
    if f.kind == "model":
        data = value if isinstance(value, Mapping) else {}
        bound.children = [_bind(c, data.get(c.key, ABSENT), _join(name, c.key), depth) for c in f.fields]
    elif f.kind in ("list", "tuple"):
        assert f.item is not None
        items = list(value) if isinstance(value, list | tuple) else []
        if f.kind == "tuple" and f.size is not None:
            items = [*items, *([ABSENT] * f.size)][: max(f.size, len(items))]
        bound.children = [_bind(f.item, v, _join(name, str(i)), depth + 1, i) for i, v in enumerate(items)]
        if f.kind == "list":
            placeholder = PLACEHOLDER.format(depth=depth)
            bound.placeholder = placeholder
            bound.template = _bind(f.item, ABSENT, _join(name, placeholder), depth + 1, None)
    elif f.kind == "keyed":
        assert f.item is not None
        data = value if isinstance(value, Mapping) else {}
        entries = [FormField(k, f.item.kind, low=f.item.low, high=f.item.high) for k in f.keys]
        bound.children = [_bind(e, data.get(e.key, ABSENT), _join(name, e.key), depth) for e in entries]
    elif f.kind == "bool":
        bound.checked = bool(f.default) if isinstance(value, _Absent) else value is True
    else:
        bound.value = _text(value)
    return bound


# -- the submitted form, read back -------------------------------------------------------------
def read_form(form: FormField, values: Mapping[str, str]) -> dict[str, Any]:
    """The card a submitted form describes (input name -> its last value). Empty inputs leave
    their keys out; what cannot be read as its kind is kept as typed, for validation to report."""
    out = _read(form, values, "")
    return out if isinstance(out, dict) else {}


def _read(f: FormField, values: Mapping[str, str], name: str) -> Any:
    if f.kind == "model":
        out: dict[str, Any] = {}
        for child in f.fields:
            got = _read(child, values, _join(name, child.key))
            if not isinstance(got, _Absent):
                out[child.key] = got
        if name and not _has_content(f, values, name) and (f.optional or not f.required):
            return ABSENT
        return out
    if f.kind in ("list", "tuple"):
        assert f.item is not None
        indices = _indices(values, name)
        items = []
        for i in indices:
            got = _read(f.item, values, _join(name, str(i)))
            if f.kind == "list" and (isinstance(got, _Absent) or not _has_content(f.item, values, _join(name, str(i)))):
                continue
            items.append("" if isinstance(got, _Absent) else got)
        if f.kind == "tuple" and f.size is not None and len(items) < f.size and items:
            items += [""] * (f.size - len(items))
        if not items and (f.optional or not f.required):
            return ABSENT
        return items
    if f.kind == "keyed":
        assert f.item is not None
        table = {}
        for key in f.keys:
            got = _scalar(FormField(key, f.item.kind), values.get(_join(name, key)))
            if not isinstance(got, _Absent):
                table[key] = got
        return table if table else ABSENT
    return _scalar(f, values.get(name))


def _indices(values: Mapping[str, str], name: str) -> list[int]:
    prefix = name + "."
    found = set()
    for key in values:
        if key.startswith(prefix):
            head = key[len(prefix) :].split(".", 1)[0]
            index = whole_number(head, digits=5)
            if index is not None:
                found.add(index)
    return sorted(found)


def _has_content(f: FormField, values: Mapping[str, str], name: str) -> bool:
    """Whether any input under ``name`` other than a check box was filled in."""
    if f.kind == "bool":
        return False
    if f.kind in ("model", "list", "tuple", "keyed"):
        prefix = name + "."
        bools = _bool_names(f, name)
        return any(k.startswith(prefix) and k not in bools and str(v).strip() for k, v in values.items())
    return bool(str(values.get(name, "")).strip())


def _bool_names(f: FormField, name: str) -> set[str]:
    """Check-box inputs under a field are never 'filled in' (they always send a value)."""
    out: set[str] = set()
    if f.kind == "model":
        for child in f.fields:
            if child.kind == "bool":
                out.add(_join(name, child.key))
    return out


def _scalar(f: FormField, raw: str | None) -> Any:
    if raw is None:
        return ABSENT
    if f.kind == "bool":
        return raw.strip().lower() in ("true", "on", "1", "yes")
    text = raw.replace("\r\n", "\n")
    if not text.strip():
        return ABSENT
    if f.kind == "int":
        number = signed_number(text, INT_DIGITS)
        return text if number is None else number
    if f.kind == "float":
        stripped = text.strip()
        return float(stripped) if FLOAT.fullmatch(stripped) else text
    if f.kind == "token":
        stripped = text.strip()
        number = signed_number(stripped, INT_DIGITS)
        return stripped if number is None else number
    if f.kind == "choice":
        return next((c for c in f.choices if str(c) == text), text)
    return text


def form_values(bound: Bound) -> dict[str, str]:
    """What the form submits when nothing is changed (input name -> value); list templates are
    not part of it."""
    out: dict[str, str] = {}
    for node in bound.walk():
        kind = node.spec.kind
        if kind in ("model", "list", "tuple", "keyed"):
            continue
        out[node.name] = ("true" if node.checked else "false") if kind == "bool" else node.value
    return out


# -- messages beside their fields ----------------------------------------------------------------
TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*|\[\d+\])*")


def place_errors(bound: Bound, exc: ValidationError) -> list[str]:
    """Put every message of ``exc`` beside its field; returns those no field claims."""
    loose: list[str] = []
    for err in exc.errors():
        message = str(err.get("msg", "invalid"))
        if message.startswith("Value error, "):
            message = message[len("Value error, ") :]
        loc = [str(p) for p in err.get("loc", ())]
        if not place(bound, loc, message):
            loose.append(message)
    return loose


def place(bound: Bound, loc: list[str], message: str) -> bool:
    """Attach ``message`` to the field at ``loc`` (the longest known prefix of it); a message about
    a whole model is attached to the first of its fields it names (``specialty and weakness are
    both ...``), else to the model. False when nothing (not even the card) takes it."""
    names = {b.name: b for b in bound.walk()}
    parts = list(loc)
    while parts and ".".join(parts) not in names:
        parts.pop()
    target = names.get(".".join(parts), bound)
    if target.spec.kind == "model" or target is bound:
        named = _named_field(names, target.name, message)
        if named is not None:
            target, token = named
            if message.startswith(token + ": "):  # "defense.level1[0]: ..." said beside that field
                message = message[len(token) + 2 :]
    if message not in target.errors:
        target.errors.append(message)
    return True


def _named_field(names: Mapping[str, Bound], at: str, message: str) -> tuple[Bound, str] | None:
    lowered = {k.lower(): v for k, v in names.items()}
    for token in TOKEN.findall(message):
        path = re.sub(r"\[(\d+)\]", r".\1", token).lower()
        found = lowered.get(_join(at.lower(), path))
        if found is not None and found.name != at:
            return found, token
    return None


ROSTER_PATH = re.compile(r"^wrestler\[\d+\](?: \([^)]*\))?\.?(?P<path>[^:]*): (?P<message>.*)$")


def place_roster_error(bound: Bound, message: str, source: str) -> None:
    """A ``roster validate`` message about the roster this card went into (``SOURCE: wrestler[3]
    (Name).field: reason``), put beside the field it names (else on the card)."""
    text = message[len(source) + 2 :] if message.startswith(source + ": ") else message
    found = ROSTER_PATH.match(text)
    if found is not None:
        path = re.sub(r"\[(\d+)\]", r".\1", found.group("path"))
        place(bound, [p for p in path.split(".") if p], found.group("message"))
    else:
        place(bound, [], text)


__all__ = [
    "ABSENT",
    "Bound",
    "FormField",
    "bind",
    "form_values",
    "model_form",
    "place",
    "place_errors",
    "place_roster_error",
    "read_form",
]
