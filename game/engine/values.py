"""Value classes made without compiling code: what ``@dataclass`` gives, at a fraction of the start.

Why: ``@dataclass`` writes each class's methods as source text and compiles it when the
module is imported.  In the browser, where the game's modules ship as bytecode but that
source is compiled on the phone, the thirteen classes a first game loads were ~10 ms
natively and ~0.2-0.3 s of a cheap phone's start (Pyodide, CPU slowed 10x: docs/PERFORMANCE.md).
``@value_type`` builds the same methods from closures over the field names, once per class,
with nothing compiled.

What it keeps of dataclasses (what the game's value classes use): fields from the class's
annotations in order, defaults and ``field(default_factory=..., compare=..., repr=...)``,
keyword or positional arguments, ``__post_init__``, ``__eq__`` between instances of the
same class, ``__repr__``, and with ``frozen=True`` a hash and no assignment
(``dataclasses.FrozenInstanceError``, as before).  ``replace(obj, **changes)`` and
``field_names(cls)`` stand for ``dataclasses.replace`` and ``fields``.  No inheritance of
fields, no ``ClassVar``, no slots: none of the game's value classes has them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import FrozenInstanceError
from operator import attrgetter

_MISSING = object()


class Field:
    """A field's default made per instance (``default_factory``) or left out of equality
    (``compare=False``) or of the repr (``repr=False``)."""

    __slots__ = ("default", "default_factory", "compare", "repr")

    def __init__(self, default=_MISSING, default_factory=None, compare=True, repr=True):
        if default is not _MISSING and default_factory is not None:
            raise ValueError("a field has a default or a default_factory, not both")
        self.default, self.default_factory, self.compare, self.repr = default, default_factory, compare, repr


def field(*, default=_MISSING, default_factory=None, compare: bool = True, repr: bool = True) -> Field:
    """A field with more than a plain default (see ``Field``)."""
    return Field(default, default_factory, compare, repr)


def value_type(cls=None, *, frozen: bool = False):
    """Make `cls` a value class (see the module's docstring): ``@value_type`` or ``@value_type(frozen=True)``."""
    if cls is None:
        return lambda c: _build(c, frozen)
    return _build(cls, frozen)


def field_names(cls) -> tuple[str, ...]:
    """The fields of a value class (or of an instance's class), in order."""
    return cls.__value_fields__


def replace(obj, **changes):
    """A copy of `obj` with some fields changed (a new instance: ``__post_init__`` runs);
    a dataclass's instance too, so a module that has both needs one ``replace``."""
    names = getattr(obj, "__value_fields__", None)
    if names is None:
        return dataclasses.replace(obj, **changes)
    unknown = set(changes) - set(names)
    if unknown:
        raise TypeError(f"{type(obj).__name__} has no field {sorted(unknown)[0]!r}")
    return obj.__class__(**{name: changes.get(name, getattr(obj, name)) for name in names})


def _build(cls, frozen: bool):
    names, defaults, factories, compared, shown = [], {}, {}, [], []
    for name in getattr(cls, "__annotations__", {}):  # its own (3.10 on), as strings: no evaluation
        given = cls.__dict__.get(name, _MISSING)
        spec = given if isinstance(given, Field) else Field(given)
        if spec.default is not _MISSING:
            defaults[name] = spec.default
            setattr(cls, name, spec.default)  # as dataclasses: the class attribute is the default
        elif spec.default_factory is not None:
            factories[name] = spec.default_factory
            if given is spec:
                delattr(cls, name)
        elif defaults or factories:
            raise TypeError(f"{cls.__name__}: field {name!r} without a default follows one with a default")
        names.append(name)
        if spec.compare:
            compared.append(name)
        if spec.repr:
            shown.append(name)
    names, compared, shown = tuple(names), tuple(compared), tuple(shown)
    count, known, post = len(names), frozenset(names), getattr(cls, "__post_init__", None)
    qualname = cls.__qualname__

    def __init__(self, *args, **kwargs):
        if len(args) > count:
            raise TypeError(f"{qualname}() takes {count} arguments, {len(args)} were given")
        values = dict(zip(names, args))
        for name, given in kwargs.items():
            if name not in known:
                raise TypeError(f"{qualname}() got an unexpected keyword argument {name!r}")
            if name in values:
                raise TypeError(f"{qualname}() got multiple values for argument {name!r}")
            values[name] = given
        if len(values) < count:
            for name in names:
                if name not in values:
                    if name in defaults:
                        values[name] = defaults[name]
                    elif name in factories:
                        values[name] = factories[name]()
                    else:
                        raise TypeError(f"{qualname}() missing argument {name!r}")
        self.__dict__.update(values)  # (a frozen class's own __setattr__ refuses)
        if post is not None:
            self.__post_init__()

    # what equality and the hash compare: one call into C (a view is compared every frame
    # its inputs are asked, in the browser at a cheap phone's pace)
    if len(compared) > 1:
        _key = attrgetter(*compared)
    else:
        def _key(self) -> tuple:
            return tuple([getattr(self, name) for name in compared])

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return _key(self) == _key(other)

    def __repr__(self) -> str:
        return f"{qualname}({', '.join(f'{name}={getattr(self, name)!r}' for name in shown)})"

    own = cls.__dict__  # as dataclasses: a method the class writes itself is kept
    explicit_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
    for name, method in (("__init__", __init__), ("__eq__", __eq__), ("__repr__", __repr__)):
        if name not in own:
            setattr(cls, name, method)
    cls.__value_fields__, cls.__match_args__ = names, names
    if frozen:
        def __setattr__(self, name, _value):
            raise FrozenInstanceError(f"cannot assign to field {name!r}")

        def __delattr__(self, name):
            raise FrozenInstanceError(f"cannot delete field {name!r}")

        def __hash__(self) -> int:
            return hash(_key(self))

        cls.__setattr__, cls.__delattr__ = __setattr__, __delattr__
        if not explicit_hash:
            cls.__hash__ = __hash__
    elif not explicit_hash:
        cls.__hash__ = None  # equal by value and changeable: no hash, as dataclasses
    return cls
