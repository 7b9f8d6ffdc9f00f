"""RuleSet: the three presets of RULES.md and their independent options, immutable."""

from __future__ import annotations

from .cards import SUITS, plain, shown
from .errors import InvalidNotation, InvalidRules
from .values import field_names, replace, value_type

NT = "NT"
MT = "MT"
TRUMP_CONTRACTS = tuple(SUITS)  # "S", "H", "D", "C"
ALL_CONTRACTS = TRUMP_CONTRACTS + (NT, MT)
CONTRACT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", NT: "no trumps", MT: "minimum tricks"}


def parse_contract(text: str) -> str:
    key = plain(text, "a contract").upper() if isinstance(text, str) else ""
    if key not in ALL_CONTRACTS:
        raise InvalidNotation(f"not a contract: {shown(text)} (one of S, H, D, C, NT, MT)")
    return key


def trump_of(contract: str | None) -> int:
    """Trump suit index of a contract, or -1 for NT, MT and no contract yet."""
    return SUITS.index(contract) if contract in TRUMP_CONTRACTS else -1


@value_type(frozen=True)
class RuleSet:
    """Which of the rule systems is played.  Build with ``RuleSet.preset(name, **options)``.

    ``preset`` fixes what no option changes: who declares (left of dealer, or the dealer
    in classic), which contracts exist (six, or only the four suits in classic) and
    whether the exchange comes before the contract (classic) or after it.
    """

    preset_name: str = "standard"
    must_trump: bool = False
    exchange: bool = True
    deals: int = 18
    declare_on: int = 6  # cards the declarer sees when naming the contract: 6 or 16
    contracts_once: bool = True

    PRESETS = ("standard", "blato", "classic")
    OPTIONS = ("must_trump", "exchange", "deals", "declare_on", "contracts_once")

    def __post_init__(self):
        self.validate()

    @staticmethod
    def preset(name: str = "standard", **options) -> "RuleSet":
        key = name.strip(" ").lower() if isinstance(name, str) and name.isascii() else None
        if key not in RuleSet.PRESETS:
            raise InvalidRules(f"unknown rule preset {shown(name)}: choose standard, blato or classic")
        if "preset_name" in options:
            raise InvalidRules("unknown option 'preset_name': name the preset as the first argument")
        base = {
            "standard": dict(),
            "blato": dict(must_trump=True),
            "classic": dict(declare_on=16, contracts_once=False),
        }[key]
        return RuleSet._checked(preset_name=key, **{**base, **options})

    @staticmethod
    def _checked(**values) -> "RuleSet":
        unknown = set(values) - set(field_names(RuleSet))
        if unknown:
            raise InvalidRules(f"unknown option {shown(sorted(unknown)[0])}: options are {', '.join(RuleSet.OPTIONS)}")
        return RuleSet(**values)

    def with_options(self, **options) -> "RuleSet":
        return RuleSet._checked(**{**self.to_dict(), **options})

    def validate(self) -> None:
        if self.preset_name not in self.PRESETS:
            raise InvalidRules(f"unknown rule preset {shown(self.preset_name)}")
        for flag in ("must_trump", "exchange", "contracts_once"):
            if type(getattr(self, flag)) is not bool:
                raise InvalidRules(f"option {flag} must be true or false, not {shown(getattr(self, flag))}")
        if type(self.deals) is not int or not 3 <= self.deals <= 60 or self.deals % 3:
            raise InvalidRules(f"deals must be a multiple of 3 from 3 to 60 (each player deals equally often), not {shown(self.deals)}")
        if type(self.declare_on) is not int or self.declare_on not in (6, 16):
            raise InvalidRules(f"declare_on must be 6 (first six cards) or 16 (whole hand), not {shown(self.declare_on)}")
        if self.exchange_first and self.declare_on != 16:
            raise InvalidRules("classic exchanges cards before the contract, so the declarer has seen the whole hand: declare_on must be 16")
        if self.contracts_once and self.deals // 3 > len(self.contracts):
            raise InvalidRules(
                f"contracts_once with {self.deals} deals needs {self.deals // 3} different contracts per player, "
                f"but this preset has only {len(self.contracts)}"
            )

    # --- what the preset fixes -------------------------------------------------------
    @property
    def dealer_declares(self) -> bool:
        return self.preset_name == "classic"

    @property
    def exchange_first(self) -> bool:
        """Classic exchanges before the contract is named; the others after it."""
        return self.preset_name == "classic"

    @property
    def contracts(self) -> tuple[str, ...]:
        return TRUMP_CONTRACTS if self.preset_name == "classic" else ALL_CONTRACTS

    def declarer_of(self, dealer: int) -> int:
        return dealer if self.dealer_declares else (dealer + 1) % 3

    def targets(self, dealer: int, contract: str | None = None) -> tuple[int, int, int]:
        """Tricks each seat needs (or, in MT, may take at most) in a deal."""
        t = [0, 0, 0]
        if self.dealer_declares:
            t[dealer], t[(dealer + 1) % 3], t[(dealer + 2) % 3] = 8, 5, 3
        elif contract == MT:
            t[(dealer + 1) % 3], t[(dealer + 2) % 3], t[dealer] = 3, 5, 8
        else:
            t[(dealer + 1) % 3], t[(dealer + 2) % 3], t[dealer] = 8, 5, 3
        return (t[0], t[1], t[2])

    def to_dict(self) -> dict:
        return {name: getattr(self, name) for name in field_names(self)}

    @staticmethod
    def from_dict(data) -> "RuleSet":
        if not isinstance(data, dict):
            raise InvalidRules("rules must be an object of options")
        data = dict(data)
        name = data.pop("preset_name", "standard")
        return RuleSet.preset(name, **data)

    def describe(self) -> str:
        opts = ", ".join(f"{k}={getattr(self, k)}" for k in self.OPTIONS)
        return f"{self.preset_name} ({opts})"

    def __str__(self) -> str:
        return self.describe()


__all__ = ["RuleSet", "InvalidRules", "NT", "MT", "ALL_CONTRACTS", "TRUMP_CONTRACTS", "parse_contract", "trump_of", "replace"]
