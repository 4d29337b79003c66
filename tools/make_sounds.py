"""Writes the room screen's chimes (public/sounds/*.wav): short sine tones with a soft decay,
8-bit mono at 11 025 Hz so each stays under 20 KB. Run from the repository's root:
python3 tools/make_sounds.py"""
import math
import struct
import wave

RATE = 11025


def tone(freq, secs, volume=0.6):
    n = int(RATE * secs)
    out = []
    for i in range(n):
        t = i / RATE
        # A quick attack and an exponential decay: a bell, not a beep.
        env = min(1.0, t / 0.01) * math.exp(-3.0 * t / secs)
        out.append(volume * env * math.sin(2 * math.pi * freq * t))
    return out


def silence(secs):
    return [0.0] * int(RATE * secs)


def write(name, samples):
    with wave.open(f"public/sounds/{name}.wav", "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(1)
        w.setframerate(RATE)
        w.writeframes(bytes(int(128 + 127 * max(-1.0, min(1.0, s))) for s in samples))


# A new level: ding-dong (E5, C5).
write("level", tone(659, 0.45) + tone(523, 0.7))
# One minute left: two soft beeps (A5).
write("minute", tone(880, 0.2, 0.5) + silence(0.08) + tone(880, 0.25, 0.5))
# A break (and the last hand before it): three tones down (G5, E5, C5).
write("break", tone(784, 0.3) + tone(659, 0.3) + tone(523, 0.6))
# A table calls the TD: two quick high tones up (C6, E6).
write("call", tone(1047, 0.15, 0.5) + silence(0.05) + tone(1319, 0.3, 0.5))
