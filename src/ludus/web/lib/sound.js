// The table's few sounds, made with WebAudio (no sound files, nothing to license): "turn" (two rising notes:
// a choice is yours), "end" (three falling notes: the game is over) and "chat" (one short high tick: a new
// chat line). The player turns them on or off and sets their volume; both are remembered in this browser
// (localStorage). Off until turned on: a page that beeps unasked is a page people close.
const ON_KEY = "ludus.sound";  // "on" | "off"
const VOLUME_KEY = "ludus.sound.volume";  // 0–100
const DEFAULT_VOLUME = 60;

// each sound: its notes as [frequency Hz, start s, length s], and the wave's shape
const SOUNDS = {
  turn: { wave: "sine", notes: [[660, 0, 0.22], [990, 0.14, 0.22]] },
  end: { wave: "triangle", notes: [[784, 0, 0.3], [659, 0.18, 0.3], [523, 0.36, 0.55]] },
  chat: { wave: "square", notes: [[1320, 0, 0.07]] },
};
const LOUDEST = 0.3;  // the gain at volume 100

let audio = null;  // one AudioContext per page, made on the player's own gesture (browsers insist on one)
export const played = [];  // what was played ({kind, volume}), for the browser tests

export function soundOn() {
  return localStorage.getItem(ON_KEY) === "on";
}

export function setSoundOn(on) {
  localStorage.setItem(ON_KEY, on ? "on" : "off");
}

export function volume() {
  const saved = Number.parseInt(localStorage.getItem(VOLUME_KEY) ?? "", 10);
  return Number.isFinite(saved) ? Math.min(100, Math.max(0, saved)) : DEFAULT_VOLUME;
}

export function setVolume(value) {
  localStorage.setItem(VOLUME_KEY, String(Math.min(100, Math.max(0, Math.round(value)))));
}

// called on the player's gestures: only then may a page start its audio
export function wakeAudio() {
  if (!soundOn()) return;
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume();
  } catch { audio = null; }
}

/** Play one of the sounds at the chosen volume; false when sound is off, silent or not yet allowed. */
export function play(kind) {
  const sound = SOUNDS[kind];
  const level = volume();
  if (!sound || !soundOn() || level === 0 || !audio) return false;
  const peak = LOUDEST * (level / 100) ** 2;  // the ear hears loudness roughly as the square
  const now = audio.currentTime;
  for (const [frequency, at, length] of sound.notes) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = sound.wave;
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, now + at);
    gain.gain.exponentialRampToValueAtTime(peak, now + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + at + length);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(now + at);
    oscillator.stop(now + at + length + 0.03);
  }
  played.push({ kind, volume: level });
  return true;
}
