"""English message table (the reference).  Keys are stable: translators copy this dict.

Fields in braces are filled in by the game; ♠♥♦♣ are drawn as suit icons.
"""

MESSAGES = {
    # --- app / title ------------------------------------------------------------------
    "app.title": "3-5-8",
    "app.subtitle": "Sergeant Major · Blato · the three-player trick-taking game",
    "menu.continue": "Continue",
    "menu.new_game": "New game",
    "menu.rules": "Rules",
    "menu.settings": "Settings",
    "menu.quit": "Quit",
    "menu.continue_info": "Deal {deal} of {deals} · {preset}",
    "menu.save_damaged": "Your saved game could not be read and was set aside ({where}). Start a new game.",
    "menu.footer": "Arrows and Enter, mouse or touch",
    "common.back": "Back",
    "common.ok": "OK",
    "common.continue": "Continue",
    "common.start": "Start",
    "common.on": "On",
    "common.off": "Off",
    "common.yes": "Yes",
    "common.no": "No",
    # --- presets / options --------------------------------------------------------------
    "preset.standard": "Standard",
    "preset.blato": "Blato",
    "preset.classic": "Classic",
    "preset.standard.desc": "18 deals, six contracts each once, declarer left of the dealer needs 8, no duty to trump.",
    "preset.blato.desc": "As standard, but a player who cannot follow suit must trump if able.",
    "preset.classic.desc": "The dealer needs 8 and names trumps; cards are exchanged before the contract.",
    "option.must_trump": "Must trump when void",
    "option.exchange": "Card exchange",
    "option.deals": "Number of deals",
    "option.declare_on": "Declarer sees",
    "option.declare_on.6": "first 6 cards",
    "option.declare_on.16": "whole hand",
    "option.contracts_once": "Each contract once",
    "option.invalid": "These options cannot be played: {reason}",
    # --- strengths ----------------------------------------------------------------------
    "strength.random": "Beginner",
    "strength.easy": "Easy",
    "strength.normal": "Normal",
    "strength.hard": "Hard",
    "strength.heuristic": "Heuristic",
    "strength.search": "Search (strongest)",
    "strength.label": "Opponents",
    # --- new game -----------------------------------------------------------------------
    "newgame.title": "New game",
    "newgame.rules": "Rules",
    "newgame.names": "Players",
    "newgame.your_name": "Your name",
    "newgame.left_name": "Left player",
    "newgame.right_name": "Right player",
    "newgame.name_hint": "Click a name and type to change it",
    "newgame.replaces": "Starting replaces your saved game ({info}).",
    "name.you": "You",
    "name.left": "Anna",
    "name.right": "Boris",
    # --- settings -----------------------------------------------------------------------
    "settings.title": "Settings",
    "settings.language": "Language",
    "settings.speed": "Animation speed",
    "settings.sound": "Sound",
    "settings.card_style": "Card style",
    "settings.strength": "Opponent strength",
    "settings.strength_note": "Applies to the next new game",
    "speed.slow": "Slow",
    "speed.normal": "Normal",
    "speed.fast": "Fast",
    "speed.instant": "Instant",
    "style.classic": "Classic (two colours)",
    "style.four_color": "Four colours",
    # --- contracts ----------------------------------------------------------------------
    "contract.S": "♠ Spades",
    "contract.H": "♥ Hearts",
    "contract.D": "♦ Diamonds",
    "contract.C": "♣ Clubs",
    "contract.NT": "No trumps",
    "contract.MT": "Minimum tricks",
    "contract.short.NT": "NT",
    "contract.short.MT": "MT",
    "contract.none": "No contract yet",
    "contract.used": "used in deal {deal}",
    "contract.used_short": "used",
    "contract.forced": "the last one left: forced",
    # --- table --------------------------------------------------------------------------
    "table.deal": "Deal {deal} / {deals}",
    "table.contract": "Contract: {contract}",
    "table.trump": "Trumps: {suit}",
    "table.no_trump": "No trumps",
    "table.minimum": "Take as few tricks as you may",
    "table.declarer": "Declarer: {name}",
    "table.tricks": "{taken} / {target}",
    "table.tricks_min": "{taken} / max {target}",
    "table.role.dealer": "Dealer",
    "table.role.declarer": "Declarer",
    "table.score": "Score {score}",
    "table.menu": "Menu",
    "table.last_trick": "Last trick",
    "table.last_trick_title": "Last trick — won by {name}",
    "table.no_last_trick": "No trick played yet",
    "table.thinking": "{name} is thinking…",
    "table.your_turn": "Your turn",
    "table.dealing": "Dealing…",
    "table.kitty": "Kitty",
    "table.hidden_note": "You see only your first {count} cards",
    # --- declare ------------------------------------------------------------------------
    "declare.title": "Name the contract",
    "declare.prompt": "You declare: you need {target} tricks. Choose from your first {count} cards.",
    "declare.prompt_whole": "You declare: you need {target} tricks.",
    "declare.waiting": "{name} is choosing the contract…",
    "declare.announce": "{name} declares {contract}",
    "declare.you_announce": "You declare {contract}",
    "declare.used_reason": "{contract} was used in deal {deal}",
    # --- exchange -----------------------------------------------------------------------
    "exchange.title": "Card exchange",
    "exchange.why": "Last deal: {points}",
    "exchange.plan": "{giver} passes {count} to {receiver}",
    "exchange.plan_you": "You pass {count} to {receiver}",
    "exchange.plan_to_you": "{giver} passes {count} to you",
    "exchange.rule": "No trumps may be passed; the receiver returns their highest card of that suit.",
    "exchange.rule_any": "No trump is named yet, so any card may be passed; the receiver returns their highest card of that suit.",
    "exchange.none": "No exchange this deal.",
    "exchange.none_first": "No exchange in the first deal.",
    "exchange.none_contract": "No exchange in a {contract} deal.",
    "exchange.prompt": "Pick a card to pass to {receiver} ({left} left)",
    "exchange.waiting": "{giver} is passing a card to {receiver}…",
    "exchange.gave": "{giver} passed a card to {receiver}",
    "exchange.you_gave": "You passed {card} to {receiver}",
    "exchange.you_got": "{giver} passed you {card}",
    "exchange.returned": "{receiver} returned {card}",
    "exchange.you_returned": "You returned {card} to {giver}",
    "exchange.lapsed": "{giver} has no card outside trumps: the remaining passes lapse",
    "exchange.no_trump": "You may not pass a trump ({suit}).",
    # --- kitty / discard --------------------------------------------------------------
    "kitty.title": "The kitty",
    "kitty.prompt": "The kitty joined your hand (marked). Pick 4 cards to discard: {chosen} / 4",
    "kitty.confirm": "Discard",
    "kitty.waiting": "{name} takes the kitty and discards…",
    "kitty.too_many": "You discard exactly 4 cards: deselect one first.",
    # --- play ---------------------------------------------------------------------------
    "play.prompt": "Your turn: play a card",
    "play.prompt_lead": "Your lead: play any card",
    "play.illegal.follow": "You must follow suit: play a {suit} card.",
    "play.illegal.trump": "You cannot follow suit, so you must play a trump ({suit}) — Blato rule.",
    "play.illegal.turn": "Wait: it is {name}'s turn.",
    "play.illegal.other": "That card cannot be played now.",
    "play.trick_won": "{name} wins the trick",
    "play.you_won": "You win the trick",
    # --- score --------------------------------------------------------------------------
    "score.title": "Deal {deal} result",
    "score.sheet": "Score sheet",
    "score.player": "Player",
    "score.target": "Target",
    "score.taken": "Tricks",
    "score.points": "Points",
    "score.total": "Total",
    "score.deal": "Deal",
    "score.declarer": "Declarer",
    "score.contract": "Contract",
    "score.owed": "Still to declare",
    "score.owed_none": "—",
    "score.next": "Next deal",
    "score.see_result": "Final result",
    # --- game over ----------------------------------------------------------------------
    "over.title": "Game over",
    "over.winner": "{name} wins!",
    "over.you_win": "You win!",
    "over.tiebreak.total": "Highest total score.",
    "over.tiebreak.last_deal": "Tie on total: decided by the last deal's score.",
    "over.tiebreak.last_trick": "Tie on total and last deal: decided by the latest trick won.",
    "over.play_again": "Play again",
    "over.menu": "Main menu",
    # --- pause menu ---------------------------------------------------------------------
    "pause.title": "Paused",
    "pause.resume": "Resume",
    "pause.quit_to_menu": "Save and leave",
    "pause.saved": "The game is saved after every move.",
    # --- rules page ---------------------------------------------------------------------
    "rules.title": "Rules of 3-5-8",
    "rules.tab.basics": "Basics",
    "rules.tab.presets": "Presets",
    "rules.tab.decisions": "Our decisions",
    "rules.tab.details": "Fine points",
    "rules.basics": (
        "Three players, one 52-card deck, ace high. Each gets 16 cards; 4 go face down as the kitty.\n"
        "The declarer names the contract: a trump suit (♠ ♥ ♦ ♣), no trumps, or minimum tricks.\n"
        "The declarer takes the kitty and discards 4 cards face down, then leads the first trick.\n"
        "Follow suit if you can; you need not play higher. The highest trump wins the trick, else the highest card of the suit led.\n"
        "Targets: declarer 8 tricks, the next player 5, the dealer 3 — together 16.\n"
        "Score: tricks taken minus target (in minimum tricks: target minus tricks taken). The three scores of a deal add up to 0.\n"
        "From the second deal on, players who were up in the last deal pass cards to those who were down, one per point: "
        "a passed card may not be a trump, and the receiver gives back their highest card of that suit.\n"
        "After the last deal the highest total wins."
    ),
    "rules.presets": (
        "Standard (Polish 18-deal game): the player left of the dealer declares after seeing only the first 6 cards, "
        "chooses among ♠ ♥ ♦ ♣, no trumps and minimum tricks, and must use each of the six exactly once in the game. "
        "In minimum tricks the declarer may take at most 3, the next player 5, the dealer 8. No duty to trump.\n"
        "Blato (Bulgarian): as standard, but a player who cannot follow suit must play a trump if they hold one "
        "(they need not over-trump).\n"
        "Classic (British Sergeant Major): the dealer declares, needs 8, sees the whole hand and names a trump suit only "
        "(any suit again in later deals); cards are exchanged before the trump is named, so any card may be passed."
    ),
    "rules.decisions": (
        "Where the sources are silent or disagree, this game decides:\n"
        "The first dealer is drawn at random; the deal passes to the left.\n"
        "No exchange in the first deal, nor in no-trump or minimum-tricks deals.\n"
        "The up player with the higher target in the current deal passes first, and serves the down player with the higher target first.\n"
        "Passing is not optional; a player with nothing but trumps left skips the remaining passes.\n"
        "Only the two players involved see the passed cards; everyone sees who exchanged with whom and how many.\n"
        "Trumps may be discarded with the kitty; discards count for nobody.\n"
        "Ties: among tied players the one who scored more in the last deal wins; if still tied, the one who won the latest trick of the last deal.\n"
        "Options (new game screen): must trump, exchange on/off, number of deals, how many cards the declarer sees, each contract once."
    ),
    "rules.details": "How this game settles the fine points:\nThe number of deals is a multiple of 3 (3 to 60), so everyone deals and declares equally often; with each contract once, at most 18 deals (six contract types).\nCards are dealt one at a time from the dealer's left and a hand keeps its dealt order: that is what \"the first six cards\" means. Received cards and the kitty join the end of the hand.\nClassic: the exchange comes before the trump is named, so the dealer names it having seen the whole hand.\nThe receiver's return in the exchange is automatic: their highest card of the passed suit, which is the passed card itself if they hold nothing higher.\nThe declarer keeps seeing the kitty and the four discards for the rest of the deal; the others never see them.\nTie-break in full: highest total; then more points in the last deal; then whoever of the tied players won the latest trick (the 16th, 15th, … of the last deal, then earlier deals).",
    # --- misc ---------------------------------------------------------------------------
    "error.generic": "Something went wrong: {message}",
    "seat.you": "you",
}
