"""Speech is optional: without prismatoid (or a reader) the game speaks to nobody and
never fails; a reader that breaks mid-game falls silent."""

import builtins

from game.access.speech import RecordingSpeech, ScreenReader, Speech, native_speech


def test_without_the_library_the_voice_is_silent_and_harmless(monkeypatch):
    real_import = builtins.__import__

    def no_prism(name, *args, **kwargs):
        if name == "prism":
            raise ImportError("no prismatoid here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_prism)
    voice = native_speech()
    assert type(voice) is Speech
    voice.speak("Your turn.")
    voice.stop()


class BrokenBackend:
    name = "broken"

    def __init__(self):
        self.calls = 0

    def speak(self, text, interrupt=False):
        self.calls += 1
        raise OSError("the reader went away")


def test_a_reader_that_fails_falls_silent_for_good():
    backend = BrokenBackend()
    voice = ScreenReader(backend)
    voice.speak("one")
    voice.speak("two")
    voice.stop()
    assert backend.calls == 1


def test_the_recording_voice_keeps_what_was_said():
    voice = RecordingSpeech()
    voice.speak("Your turn.")
    voice.speak("queen of spades", interrupt=True)
    assert voice.said == ["Your turn.", "queen of spades"] and voice.interrupted == 1
