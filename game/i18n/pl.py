"""Polish message table (same keys and {fields} as en.py; tests/ui/test_i18n.py checks)."""

MESSAGES = {
    # --- app / title ------------------------------------------------------------------
    "app.title": "3-5-8",
    "app.subtitle": "Sergeant Major · Blato · gra w lewy dla trzech graczy",
    "menu.continue": "Kontynuuj",
    "menu.new_game": "Nowa gra",
    "menu.rules": "Zasady",
    "menu.settings": "Ustawienia",
    "menu.quit": "Wyjdź",
    "menu.continue_info": "Rozdanie {deal} z {deals} · {preset}",
    "menu.save_damaged": "Zapisanej gry nie udało się odczytać i odłożono ją na bok ({where}). Zacznij nową grę.",
    "menu.footer": "Strzałki i Enter, mysz lub dotyk",
    "common.back": "Wstecz",
    "common.ok": "OK",
    "common.continue": "Dalej",
    "common.start": "Start",
    "common.on": "Wł.",
    "common.off": "Wył.",
    "common.yes": "Tak",
    "common.no": "Nie",
    # --- presets / options --------------------------------------------------------------
    "preset.standard": "Standardowe",
    "preset.blato": "Blato",
    "preset.classic": "Klasyczne",
    "preset.standard.desc": "18 rozdań, każdy z sześciu kontraktów raz; rozgrywający z lewej strony rozdającego potrzebuje 8 lew, bez obowiązku bicia atutem.",
    "preset.blato.desc": "Jak standardowe, ale gracz, który nie może dołożyć do koloru, musi przebić atutem, jeśli go ma.",
    "preset.classic.desc": "Rozdający potrzebuje 8 lew i wybiera atut; karty wymienia się przed wyborem kontraktu.",
    "option.must_trump": "Obowiązek bicia atutem",
    "option.exchange": "Wymiana kart",
    "option.deals": "Liczba rozdań",
    "option.declare_on": "Rozgrywający widzi",
    "option.declare_on.6": "pierwsze 6 kart",
    "option.declare_on.16": "całą rękę",
    "option.contracts_once": "Każdy kontrakt raz",
    "option.invalid": "Z takimi opcjami nie da się grać: {reason}",
    # --- strengths ----------------------------------------------------------------------
    "strength.random": "Początkujący",
    "strength.easy": "Łatwy",
    "strength.normal": "Średni",
    "strength.hard": "Trudny",
    "strength.heuristic": "Heurystyczny",
    "strength.search": "Przeszukiwanie (najsilniejszy)",
    "strength.label": "Przeciwnicy",
    # --- new game -----------------------------------------------------------------------
    "newgame.title": "Nowa gra",
    "newgame.rules": "Zasady",
    "newgame.names": "Gracze",
    "newgame.your_name": "Twoje imię",
    "newgame.left_name": "Gracz po lewej",
    "newgame.right_name": "Gracz po prawej",
    "newgame.name_hint": "Kliknij imię i pisz, aby je zmienić",
    "newgame.replaces": "Nowa gra zastąpi zapisaną grę ({info}).",
    "name.you": "Ty",
    "name.left": "Anna",
    "name.right": "Bartek",
    # --- settings -----------------------------------------------------------------------
    "settings.title": "Ustawienia",
    "settings.language": "Język",
    "settings.speed": "Szybkość animacji",
    "settings.sound": "Dźwięk",
    "settings.card_style": "Wygląd kart",
    "settings.strength": "Siła przeciwników",
    "settings.strength_note": "Obowiązuje od następnej nowej gry",
    "speed.slow": "Wolno",
    "speed.normal": "Normalnie",
    "speed.fast": "Szybko",
    "speed.instant": "Natychmiast",
    "style.classic": "Klasyczne (dwa kolory)",
    "style.four_color": "Cztery kolory",
    # --- contracts ----------------------------------------------------------------------
    "contract.S": "♠ Piki",
    "contract.H": "♥ Kiery",
    "contract.D": "♦ Kara",
    "contract.C": "♣ Trefle",
    "contract.NT": "Bez atu",
    "contract.MT": "Minimum lew",
    "contract.short.NT": "BA",
    "contract.short.MT": "ML",
    "contract.none": "Jeszcze bez kontraktu",
    "contract.used": "zagrany w rozdaniu {deal}",
    "contract.used_short": "zagrany",
    "contract.forced": "ostatni pozostały: obowiązkowy",
    # --- table --------------------------------------------------------------------------
    "table.deal": "Rozdanie {deal} / {deals}",
    "table.contract": "Kontrakt: {contract}",
    "table.trump": "Atut: {suit}",
    "table.no_trump": "Bez atu",
    "table.minimum": "Weź jak najmniej lew",
    "table.declarer": "Rozgrywający: {name}",
    "table.tricks": "{taken} / {target}",
    "table.tricks_min": "{taken} / maks. {target}",
    "table.role.dealer": "Rozdający",
    "table.role.declarer": "Rozgrywający",
    "table.score": "Wynik {score}",
    "table.menu": "Menu",
    "table.last_trick": "Ostatnia lewa",
    "table.last_trick_title": "Ostatnia lewa — wziął ją: {name}",
    "table.no_last_trick": "Jeszcze nie było lewy",
    "table.thinking": "{name} myśli…",
    "table.your_turn": "Twój ruch",
    "table.dealing": "Rozdawanie…",
    "table.kitty": "Musik",
    "table.hidden_note": "Widzisz tylko swoje pierwsze {count} kart",
    # --- declare ------------------------------------------------------------------------
    "declare.title": "Wybierz kontrakt",
    "declare.prompt": "Ty wybierasz kontrakt: potrzebujesz {target} lew. Wybierz na podstawie pierwszych {count} kart.",
    "declare.prompt_whole": "Ty wybierasz kontrakt: potrzebujesz {target} lew.",
    "declare.waiting": "{name} wybiera kontrakt…",
    "declare.announce": "{name} gra: {contract}",
    "declare.you_announce": "Grasz: {contract}",
    "declare.used_reason": "{contract} zagrano już w rozdaniu {deal}",
    # --- exchange -----------------------------------------------------------------------
    "exchange.title": "Wymiana kart",
    "exchange.why": "Poprzednie rozdanie: {points}",
    "exchange.plan": "{giver} oddaje {count} → {receiver}",
    "exchange.plan_you": "Oddajesz {count} → {receiver}",
    "exchange.plan_to_you": "{giver} oddaje ci {count}",
    "exchange.rule": "Nie wolno oddać atutu; odbiorca oddaje swoją najwyższą kartę w tym kolorze.",
    "exchange.rule_any": "Atu nie jest jeszcze wybrany, więc można oddać dowolną kartę; odbiorca oddaje swoją najwyższą kartę w tym kolorze.",
    "exchange.none": "W tym rozdaniu nie ma wymiany.",
    "exchange.none_first": "W pierwszym rozdaniu nie ma wymiany.",
    "exchange.none_contract": "W rozdaniu {contract} nie ma wymiany.",
    "exchange.prompt": "Wybierz kartę dla: {receiver} (zostało {left})",
    "exchange.waiting": "{giver} oddaje kartę → {receiver}…",
    "exchange.gave": "{giver} oddał(a) kartę → {receiver}",
    "exchange.you_gave": "Oddajesz {card} → {receiver}",
    "exchange.you_got": "{giver} daje ci {card}",
    "exchange.returned": "{receiver} zwraca {card}",
    "exchange.you_returned": "Zwracasz {card} → {giver}",
    "exchange.lapsed": "{giver} ma już tylko atuty: pozostałe wymiany przepadają",
    "exchange.no_trump": "Nie wolno oddać atutu ({suit}).",
    # --- kitty / discard --------------------------------------------------------------
    "kitty.title": "Musik",
    "kitty.prompt": "Musik dołączył do twojej ręki (zaznaczony). Wybierz 4 karty do odrzucenia: {chosen} / 4",
    "kitty.confirm": "Odrzuć",
    "kitty.waiting": "{name} bierze musik i odrzuca karty…",
    "kitty.too_many": "Odrzucasz dokładnie 4 karty: najpierw odznacz jedną.",
    # --- play ---------------------------------------------------------------------------
    "play.prompt": "Twój ruch: zagraj kartę",
    "play.prompt_lead": "Wychodzisz: zagraj dowolną kartę",
    "play.illegal.follow": "Musisz dołożyć do koloru: zagraj {suit}.",
    "play.illegal.trump": "Nie masz koloru, więc musisz przebić atutem ({suit}) — zasada Blato.",
    "play.illegal.turn": "Zaczekaj: teraz gra {name}.",
    "play.illegal.other": "Tej karty nie można teraz zagrać.",
    "play.trick_won": "{name} bierze lewę",
    "play.you_won": "Bierzesz lewę",
    # --- score --------------------------------------------------------------------------
    "score.title": "Wynik rozdania {deal}",
    "score.sheet": "Tabela wyników",
    "score.player": "Gracz",
    "score.target": "Cel",
    "score.taken": "Lewy",
    "score.points": "Punkty",
    "score.total": "Razem",
    "score.deal": "Rozdanie",
    "score.declarer": "Rozgrywający",
    "score.contract": "Kontrakt",
    "score.owed": "Do zagrania",
    "score.owed_none": "—",
    "score.next": "Następne rozdanie",
    "score.see_result": "Wynik końcowy",
    # --- game over ----------------------------------------------------------------------
    "over.title": "Koniec gry",
    "over.winner": "Wygrywa {name}!",
    "over.you_win": "Wygrywasz!",
    "over.tiebreak.total": "Najwyższy łączny wynik.",
    "over.tiebreak.last_deal": "Remis w sumie: rozstrzyga wynik ostatniego rozdania.",
    "over.tiebreak.last_trick": "Remis w sumie i w ostatnim rozdaniu: rozstrzyga ostatnia wzięta lewa.",
    "over.play_again": "Jeszcze raz",
    "over.menu": "Menu główne",
    # --- pause menu ---------------------------------------------------------------------
    "pause.title": "Pauza",
    "pause.resume": "Wznów",
    "pause.quit_to_menu": "Zapisz i wyjdź",
    "pause.saved": "Gra zapisuje się po każdym ruchu.",
    # --- rules page ---------------------------------------------------------------------
    "rules.title": "Zasady gry 3-5-8",
    "rules.tab.basics": "Podstawy",
    "rules.tab.presets": "Odmiany",
    "rules.tab.decisions": "Nasze ustalenia",
    "rules.tab.details": "Szczegóły",
    "rules.basics": (
        "Trzech graczy, jedna talia 52 kart, as najwyższy. Każdy dostaje 16 kart; 4 leżą zakryte jako musik.\n"
        "Rozgrywający wybiera kontrakt: kolor atutowy (♠ ♥ ♦ ♣), bez atu albo minimum lew.\n"
        "Rozgrywający bierze musik i odrzuca 4 karty zakryte, po czym wychodzi do pierwszej lewy.\n"
        "Trzeba dołożyć do koloru, jeśli się go ma; nie trzeba przebijać wyżej. Lewę bierze najwyższy atut, a bez atutów najwyższa karta w kolorze wyjścia.\n"
        "Cele: rozgrywający 8 lew, następny gracz 5, rozdający 3 — razem 16.\n"
        "Punkty: wzięte lewy minus cel (w minimum lew: cel minus wzięte lewy). Trzy wyniki rozdania sumują się do 0.\n"
        "Od drugiego rozdania gracze na plusie w poprzednim rozdaniu oddają karty graczom na minusie, po jednej za punkt: "
        "oddana karta nie może być atutem, a otrzymujący zwraca swoją najwyższą kartę w tym kolorze.\n"
        "Po ostatnim rozdaniu wygrywa najwyższy łączny wynik."
    ),
    "rules.presets": (
        "Standardowe (polska gra na 18 rozdań): gracz z lewej strony rozdającego wybiera kontrakt, widząc tylko pierwsze 6 kart, "
        "spośród ♠ ♥ ♦ ♣, bez atu i minimum lew, i każdy z sześciu musi zagrać w grze dokładnie raz. "
        "W minimum lew rozgrywający może wziąć najwyżej 3 lewy, następny gracz 5, rozdający 8. Bez obowiązku bicia atutem.\n"
        "Blato (bułgarskie): jak standardowe, ale gracz, który nie może dołożyć do koloru, musi zagrać atut, jeśli go ma "
        "(nie musi przebijać wyżej).\n"
        "Klasyczne (brytyjski Sergeant Major): kontrakt wybiera rozdający, potrzebuje 8 lew, widzi całą rękę i wybiera tylko kolor atutowy "
        "(w kolejnych rozdaniach może powtórzyć kolor); karty wymienia się przed wyborem atutu, więc oddać można każdą kartę."
    ),
    "rules.decisions": (
        "Tam, gdzie źródła milczą lub się różnią, ta gra ustala:\n"
        "Pierwszego rozdającego wybiera los; rozdanie przechodzi w lewo.\n"
        "Nie ma wymiany w pierwszym rozdaniu ani w rozdaniach bez atu i minimum lew.\n"
        "Z graczy na plusie pierwszy oddaje ten z wyższym celem w bieżącym rozdaniu i najpierw obsługuje gracza na minusie z wyższym celem.\n"
        "Wymiana nie jest dobrowolna; gracz, któremu zostały same atuty, pomija pozostałe wymiany.\n"
        "Oddane karty widzą tylko dwaj gracze, których to dotyczy; wszyscy widzą, kto z kim wymieniał i ile kart.\n"
        "Z musiku wolno odrzucić atuty; odrzucone karty nie liczą się nikomu.\n"
        "Remisy: spośród graczy z równym wynikiem wygrywa ten, kto zdobył więcej w ostatnim rozdaniu; przy dalszym remisie ten, kto wziął najpóźniejszą lewę ostatniego rozdania.\n"
        "Opcje (ekran nowej gry): obowiązek bicia atutem, wymiana wł./wył., liczba rozdań, ile kart widzi rozgrywający, każdy kontrakt raz."
    ),
    "rules.details": "Jak ta gra rozstrzyga szczegóły:\nLiczba rozdań jest wielokrotnością 3 (od 3 do 60), żeby każdy rozdawał i rozgrywał równie często; przy zasadzie „każdy kontrakt raz” najwyżej 18 rozdań (sześć rodzajów kontraktu).\nKarty rozdaje się po jednej, zaczynając od gracza po lewej rozdającego, a ręka zachowuje kolejność rozdania: to właśnie znaczy „pierwsze sześć kart”. Otrzymane karty i musik trafiają na koniec ręki.\nW wersji klasycznej wymiana jest przed wyborem atu, więc rozdający wybiera atu, widząc całą rękę.\nZwrot w wymianie jest automatyczny: najwyższa karta odbiorcy w oddanym kolorze, czyli sama oddana karta, jeśli nie ma wyższej.\nRozgrywający widzi musik i cztery odrzucone karty do końca rozdania; pozostali nigdy ich nie widzą.\nRemis w całości: najwyższa suma; potem więcej punktów w ostatnim rozdaniu; potem ten z remisujących, kto wziął najpóźniejszą lewę (16., 15., … ostatniego rozdania, potem wcześniejszych).",
    # --- misc ---------------------------------------------------------------------------
    "error.generic": "Coś poszło nie tak: {message}",
    "seat.you": "ty",
}
