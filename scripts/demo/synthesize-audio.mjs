// Synthesises the demo catalogue's audio (apps/server/assets/demo/audio/*.mp3) from
// apps/server/assets/demo/catalogue.json: every note is computed here (wavetable and FM voices,
// Karplus-Strong plucks, noise drums), Debian's sox adds room and fades, ffmpeg encodes small mono
// MP3. Nothing is downloaded or sampled. sox and ffmpeg are not needed to run Zema: the output is
// committed, and this script only runs when the demo music should change.
//
//   node scripts/demo/synthesize-audio.mjs [--only album-key] [--keep-wav]
//
// Output is deterministic for a given manifest (seeded random numbers), so regenerating an
// unchanged track gives the same music.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const demoDir = join(root, 'apps/server/assets/demo');
const outDir = join(demoDir, 'audio');
const manifest = JSON.parse(readFileSync(join(demoDir, 'catalogue.json'), 'utf8'));

const SR = 22_050;
// 32 kbps mono at 22.05 kHz keeps ~45 tracks under 8 MB and still sounds clean for synth music.
const BITRATE = '32k';
const TAU = Math.PI * 2;

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const keepWav = args.includes('--keep-wav');

/** The file name of a track's audio; the seeder derives the same name. */
const audioFileName = (albumKey, number) => `${albumKey}-${String(number).padStart(2, '0')}.mp3`;

// ---------------------------------------------------------------------------------------------
// Randomness and pitch

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const pick = (rng, list) => list[Math.floor(rng() * list.length)];
const midiHz = (m) => 440 * 2 ** ((m - 69) / 12);

// ---------------------------------------------------------------------------------------------
// Wavetables: band-limited single cycles, so dense chords cost one table read per voice.

const TABLE = 4096;
function table(harmonics) {
  const t = new Float32Array(TABLE + 1);
  for (let i = 0; i <= TABLE; i++) {
    let v = 0;
    for (const [k, amp] of harmonics) v += amp * Math.sin((TAU * k * i) / TABLE);
    t[i] = v;
  }
  let max = 0;
  for (const v of t) max = Math.max(max, Math.abs(v));
  for (let i = 0; i <= TABLE; i++) t[i] /= max;
  return t;
}
const range = (n) => Array.from({ length: n }, (_, i) => i + 1);
const WAVES = {
  sine: table([[1, 1]]),
  saw: table(range(9).map((k) => [k, 1 / k])),
  softSaw: table(range(6).map((k) => [k, 1 / (k * k) + 0.15 / k])),
  square: table([1, 3, 5, 7, 9].map((k) => [k, 1 / k])),
  organ: table([
    [1, 1],
    [2, 0.7],
    [3, 0.45],
    [4, 0.3],
    [6, 0.15],
    [8, 0.1],
  ]),
  hollow: table([
    [1, 1],
    [3, 0.35],
    [5, 0.12],
  ]),
};

const lookup = (t, phase) => t[Math.floor((phase - Math.floor(phase)) * TABLE)];

// ---------------------------------------------------------------------------------------------
// Voices: each adds one note into a buffer at `start` seconds.

class Mix {
  constructor(seconds) {
    this.buf = new Float32Array(Math.ceil(seconds * SR) + SR * 3);
  }
  add(start, samples, gain, fn) {
    const s0 = Math.max(0, Math.round(start * SR));
    const n = Math.min(samples, this.buf.length - s0);
    for (let i = 0; i < n; i++) this.buf[s0 + i] += gain * fn(i, i / SR);
  }
}

const env = (t, a, d, len, r) => {
  if (t < a) return t / a;
  const sustain =
    t < len ? Math.exp(-(t - a) * d) : Math.exp(-(len - a) * d) * Math.max(0, 1 - (t - len) / r);
  return sustain;
};

const voices = {
  /** Warm chord pad: three detuned wavetable voices, slow attack, one-pole low-pass. */
  pad(mix, start, len, hz, gain, wave = WAVES.softSaw, cutoff = 1800) {
    const rel = 0.8;
    const total = Math.ceil((len + rel) * SR);
    const detune = [1, 1.0045, 0.9962];
    const ph = [0.1, 0.4, 0.7];
    const a = Math.exp((-TAU * cutoff) / SR);
    let y = 0;
    mix.add(start, total, gain, (_i, t) => {
      let v = 0;
      for (let k = 0; k < 3; k++) {
        ph[k] += (hz * detune[k]) / SR;
        v += lookup(wave, ph[k]);
      }
      y = (1 - a) * v + a * y;
      const e = t < 0.35 ? t / 0.35 : t < len ? 1 : Math.max(0, 1 - (t - len) / rel);
      return (y / 3) * e;
    });
  },
  /** Electric piano: two-operator FM with a decaying index (Rhodes-like bark fading to sine). */
  epiano(mix, start, len, hz, gain) {
    const total = Math.ceil((len + 0.4) * SR);
    mix.add(start, total, gain, (_i, t) => {
      const index = 1.6 * Math.exp(-t * 4) + 0.15;
      const mod = Math.sin(TAU * hz * t) * index;
      const e = env(t, 0.004, 1.4, len, 0.35);
      return Math.sin(TAU * hz * t + mod) * e * (1 + 0.12 * Math.sin(TAU * 4.5 * t));
    });
  },
  /** Vibraphone: FM at ratio 4 for the bar's bright partial, with the motor's tremolo. */
  vibes(mix, start, len, hz, gain) {
    const total = Math.ceil((len + 1.2) * SR);
    mix.add(start, total, gain, (_i, t) => {
      const mod = Math.sin(TAU * hz * 4 * t) * 1.8 * Math.exp(-t * 7);
      const e = env(t, 0.002, 1.1, len + 0.6, 0.6);
      return Math.sin(TAU * hz * t + mod) * e * (1 + 0.35 * Math.sin(TAU * 5.2 * t));
    });
  },
  /** Bell / glass tone for ambient: inharmonic FM, long decay. */
  bell(mix, start, len, hz, gain) {
    const total = Math.ceil((len + 2.5) * SR);
    mix.add(start, total, gain, (_i, t) => {
      const mod = Math.sin(TAU * hz * 3.5 * t) * 2.2 * Math.exp(-t * 2.5);
      return Math.sin(TAU * hz * t + mod) * Math.exp(-t * 0.9) * Math.min(1, t / 0.003);
    });
  },
  /** Lead: wavetable with delayed vibrato and a soft attack. */
  lead(mix, start, len, hz, gain, wave = WAVES.square) {
    const total = Math.ceil((len + 0.15) * SR);
    let ph = 0;
    mix.add(start, total, gain, (_i, t) => {
      const vib = 1 + 0.006 * Math.min(1, t / 0.4) * Math.sin(TAU * 5.5 * t);
      ph += (hz * vib) / SR;
      const e =
        t < 0.02
          ? t / 0.02
          : t < len
            ? 1 - 0.25 * Math.min(1, t / 1.5)
            : Math.max(0, 1 - (t - len) / 0.15) * 0.75;
      return lookup(wave, ph) * e;
    });
  },
  /** Plucked string (krar, guitar): Karplus-Strong with a brightness-controlled loss filter. */
  pluck(mix, start, len, hz, gain, rng, bright = 0.5, decay = 0.996) {
    const n = Math.max(2, Math.round(SR / hz));
    const line = new Float32Array(n);
    for (let i = 0; i < n; i++) line[i] = rng() * 2 - 1;
    let idx = 0;
    let prev = 0;
    const total = Math.ceil(Math.min(len + 0.3, 3) * SR);
    mix.add(start, total, gain, (_i, t) => {
      const cur = line[idx];
      const next = line[(idx + 1) % n];
      const v = decay * (bright * cur + (1 - bright) * 0.5 * (cur + next));
      line[idx] = v;
      idx = (idx + 1) % n;
      prev = 0.7 * prev + 0.3 * cur;
      const damp = t < len ? 1 : Math.max(0, 1 - (t - len) / 0.3);
      return (cur * 0.6 + prev * 0.4) * damp;
    });
  },
  /** Bass: sine with a little second and third harmonic, plucked envelope. */
  bass(mix, start, len, hz, gain, growl = 0.25) {
    const total = Math.ceil((len + 0.08) * SR);
    mix.add(start, total, gain, (_i, t) => {
      const p = TAU * hz * t;
      const e =
        Math.min(1, t / 0.006) *
        (t < len ? Math.exp(-t * 1.8) : Math.exp(-len * 1.8) * Math.max(0, 1 - (t - len) / 0.08));
      return (Math.sin(p) + growl * Math.sin(2 * p) + growl * 0.4 * Math.sin(3 * p)) * e;
    });
  },
  organ(mix, start, len, hz, gain) {
    const total = Math.ceil((len + 0.1) * SR);
    let ph = 0;
    mix.add(start, total, gain, (_i, t) => {
      ph += (hz * (1 + 0.003 * Math.sin(TAU * 6.3 * t))) / SR;
      const e = Math.min(1, t / 0.01) * (t < len ? 1 : Math.max(0, 1 - (t - len) / 0.1));
      return lookup(WAVES.organ, ph) * e;
    });
  },
};

const drums = {
  kick(mix, start, gain, tone = 1) {
    let ph = 0;
    mix.add(start, Math.ceil(0.45 * SR), gain, (_i, t) => {
      const hz = (42 + 90 * Math.exp(-t * 28)) * tone;
      ph += hz / SR;
      return Math.sin(TAU * ph) * Math.exp(-t * 7.5) * Math.min(1, t / 0.002);
    });
  },
  snare(mix, start, gain, rng, long = 1) {
    mix.add(start, Math.ceil(0.35 * long * SR), gain, (_i, t) => {
      const noise = (rng() * 2 - 1) * Math.exp(-t * (16 / long));
      const body = Math.sin(TAU * 185 * t) * Math.exp(-t * 30);
      return noise * 0.75 + body * 0.5;
    });
  },
  clap(mix, start, gain, rng) {
    mix.add(start, Math.ceil(0.25 * SR), gain, (_i, t) => {
      const bursts = t < 0.03 ? 0.6 + 0.4 * Math.sin(TAU * 100 * t) ** 2 : 1;
      return (rng() * 2 - 1) * Math.exp(-t * 22) * bursts;
    });
  },
  hat(mix, start, gain, rng, open = false) {
    let last = 0;
    mix.add(start, Math.ceil((open ? 0.25 : 0.06) * SR), gain, (_i, t) => {
      const n = rng() * 2 - 1;
      const hp = n - last; // first difference: a cheap high-pass for a metallic hiss
      last = n;
      return hp * 0.5 * Math.exp(-t * (open ? 14 : 60));
    });
  },
  shaker(mix, start, gain, rng) {
    mix.add(start, Math.ceil(0.09 * SR), gain, (_i, t) => {
      const e = t < 0.02 ? t / 0.02 : Math.exp(-(t - 0.02) * 45);
      return (rng() * 2 - 1) * e * 0.6;
    });
  },
  tom(mix, start, gain, hz = 110) {
    let ph = 0;
    mix.add(start, Math.ceil(0.4 * SR), gain, (_i, t) => {
      ph += (hz * (1 + 0.5 * Math.exp(-t * 20))) / SR;
      return Math.sin(TAU * ph) * Math.exp(-t * 9);
    });
  },
  /** A frame drum slap (kebero-like): short tone plus a noise click. */
  slap(mix, start, gain, rng) {
    mix.add(start, Math.ceil(0.12 * SR), gain, (_i, t) => {
      return (Math.sin(TAU * 320 * t) * 0.6 + (rng() * 2 - 1) * 0.5) * Math.exp(-t * 40);
    });
  },
};

// ---------------------------------------------------------------------------------------------
// Styles: scale, chord progressions, tempo range, instruments, drum pattern.

// Chords as semitones above the key's root. Ethiopian modes: tizita (major/minor pentatonic
// flavours), anchihoye and bati; the rest are common Western progressions.
const SCALES = {
  tizitaMinor: [0, 2, 3, 7, 8],
  anchihoye: [0, 1, 5, 6, 8],
  tizitaMajor: [0, 2, 4, 7, 9],
  bati: [0, 4, 5, 7, 11],
  minorPenta: [0, 3, 5, 7, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  aeolian: [0, 2, 3, 5, 7, 8, 10],
  lydian: [0, 2, 4, 6, 7, 9, 11],
  major: [0, 2, 4, 5, 7, 9, 11],
};

const STYLES = {
  'ethio-jazz': {
    bpm: [84, 100],
    swing: 0.16,
    keys: [45, 47, 50, 52],
    scales: ['tizitaMinor', 'anchihoye', 'minorPenta'],
    progressions: [
      [
        [0, 3, 7, 10],
        [0, 3, 7, 10],
        [8, 12, 15, 19],
        [7, 10, 14, 17],
      ],
      [
        [0, 3, 7, 10],
        [5, 8, 12, 15],
        [0, 3, 7, 10],
        [7, 11, 14, 17],
      ],
      [
        [0, 3, 7, 10],
        [1, 5, 8, 12],
        [0, 3, 7, 10],
        [8, 12, 15, 19],
      ],
    ],
    chord: 'organ',
    leads: ['vibes', 'vibes', 'leadSaw'],
    bass: 'walking',
    drums: 'jazz',
    sox: ['reverb', '35', '50', '70'],
  },
  afrobeat: {
    bpm: [106, 118],
    swing: 0.05,
    keys: [48, 50, 52, 53],
    scales: ['dorian', 'minorPenta'],
    progressions: [
      [
        [0, 3, 7, 10],
        [5, 9, 12, 15],
      ],
      [
        [0, 3, 7, 10],
        [0, 3, 7, 10],
        [5, 9, 12, 15],
        [3, 7, 10, 14],
      ],
    ],
    chord: 'guitar',
    leads: ['organLead', 'leadSaw'],
    bass: 'busy',
    drums: 'afro',
    sox: ['reverb', '20', '50', '50'],
  },
  ambient: {
    bpm: [60, 70],
    swing: 0,
    keys: [48, 50, 53, 55],
    scales: ['lydian', 'major', 'tizitaMajor'],
    progressions: [
      [
        [0, 4, 7, 11, 14],
        [5, 9, 12, 16],
        [9, 12, 16, 19],
        [7, 11, 14, 18],
      ],
      [
        [0, 7, 11, 14],
        [2, 9, 14, 18],
        [4, 11, 16, 19],
        [9, 16, 19, 23],
      ],
    ],
    chord: 'pad',
    leads: ['bell'],
    bass: 'drone',
    drums: 'none',
    sox: ['reverb', '90', '40', '100', '100', '30'],
  },
  'lo-fi': {
    bpm: [72, 86],
    swing: 0.22,
    keys: [48, 50, 51, 53],
    scales: ['dorian', 'major'],
    progressions: [
      [
        [2, 5, 9, 12],
        [7, 11, 14, 17],
        [0, 4, 7, 11],
        [9, 13, 16, 19],
      ],
      [
        [5, 9, 12, 16],
        [4, 7, 11, 14],
        [2, 5, 9, 12],
        [0, 4, 7, 11],
      ],
      [
        [0, 4, 7, 11, 14],
        [9, 12, 16, 19],
        [2, 5, 9, 12],
        [7, 10, 14, 17],
      ],
    ],
    chord: 'epiano',
    leads: ['epianoLead', 'leadSoft'],
    bass: 'roots',
    drums: 'boombap',
    crackle: true,
    sox: ['lowpass', '3800', 'reverb', '30', '60', '60'],
  },
  synthwave: {
    bpm: [96, 110],
    swing: 0,
    keys: [45, 47, 49, 52],
    scales: ['aeolian'],
    progressions: [
      [
        [0, 3, 7],
        [8, 12, 15],
        [3, 7, 10],
        [10, 14, 17],
      ],
      [
        [0, 3, 7],
        [10, 14, 17],
        [8, 12, 15],
        [7, 11, 14],
      ],
    ],
    chord: 'padBright',
    leads: ['leadSaw', 'leadSquare'],
    bass: 'octaves',
    arp: true,
    drums: 'gated',
    sox: ['reverb', '45', '50', '80'],
  },
  folk: {
    bpm: [92, 108],
    swing: 0.08,
    keys: [50, 52, 55, 57],
    scales: ['tizitaMajor', 'bati'],
    progressions: [
      [
        [0, 4, 7],
        [0, 4, 7],
        [7, 11, 14],
        [9, 12, 16],
      ],
      [
        [0, 4, 7],
        [5, 9, 12],
        [7, 11, 14],
        [0, 4, 7],
      ],
    ],
    chord: 'krar',
    leads: ['krarLead'],
    bass: 'drone',
    drums: 'kebero',
    sox: ['reverb', '25', '50', '60'],
  },
  house: {
    bpm: [120, 124],
    swing: 0.04,
    keys: [45, 48, 50, 53],
    scales: ['dorian', 'aeolian'],
    progressions: [
      [
        [0, 3, 7, 10],
        [0, 3, 7, 10],
        [5, 8, 12, 15],
        [3, 7, 10, 14],
      ],
      [
        [0, 3, 7, 10, 14],
        [8, 12, 15, 19],
        [10, 14, 17, 21],
        [5, 8, 12, 15],
      ],
    ],
    chord: 'stabs',
    leads: ['leadSoft', 'epianoLead'],
    bass: 'offbeat',
    drums: 'four',
    sox: ['reverb', '25', '50', '60'],
  },
};

// ---------------------------------------------------------------------------------------------
// Arrangement

function renderTrack(styleName, seed, seconds) {
  const style = STYLES[styleName];
  const rng = mulberry32(seed * 7919);
  const noise = mulberry32(seed * 104_729 + 1);
  const bpm = Math.round(style.bpm[0] + rng() * (style.bpm[1] - style.bpm[0]));
  const beat = 60 / bpm;
  const bar = beat * 4;
  const key = pick(rng, style.keys);
  const scale = SCALES[pick(rng, style.scales)];
  const progression = pick(rng, style.progressions);
  const leadName = pick(rng, style.leads);
  const bars = Math.max(4, Math.round(seconds / bar));
  const mix = new Mix(bars * bar);
  // Short pieces (intros, interludes) skip straight to the tune.
  const intro = bars >= 12 ? 2 : bars >= 8 ? 1 : 0;
  const outroFrom = bars - (bars >= 12 ? 2 : 1);
  const swingAt = (b, beatPos) => {
    // Swing the off-eighths: the second eighth of each beat arrives late.
    const frac = beatPos % 1;
    const shift = Math.abs(frac - 0.5) < 1e-6 ? style.swing : 0;
    return b * bar + (beatPos + shift) * beat;
  };

  // A motif of 2 bars, repeated with variations: music people can follow.
  const motifRhythms = {
    sparse: [
      [0, 1.5],
      [2, 1],
      [3, 1],
      [4.5, 1.5],
      [6, 2],
    ],
    lilting: [
      [0, 0.5],
      [0.5, 0.5],
      [1, 1],
      [2.5, 0.5],
      [3, 1],
      [4, 1.5],
      [6, 0.5],
      [6.5, 1.5],
    ],
    busy: [
      [0, 0.5],
      [0.5, 0.5],
      [1.5, 0.5],
      [2, 1],
      [3.5, 0.5],
      [4, 0.5],
      [4.5, 1],
      [6, 1],
      [7, 1],
    ],
    long: [
      [0, 3],
      [4, 2],
      [6, 2],
    ],
  };
  const rhythmName =
    styleName === 'ambient'
      ? 'long'
      : styleName === 'afrobeat' || styleName === 'folk'
        ? pick(rng, ['busy', 'lilting'])
        : pick(rng, ['sparse', 'lilting', 'busy']);
  const rhythm = motifRhythms[rhythmName];
  const leadOct = styleName === 'ambient' ? 72 : styleName === 'folk' ? 67 : 69;
  const degreeHz = (deg) => {
    const oct = Math.floor(deg / scale.length);
    const idx = ((deg % scale.length) + scale.length) % scale.length;
    return midiHz(key + leadOct - 57 + oct * 12 + scale[idx]);
  };
  const makeMotif = () => {
    let d = Math.floor(rng() * scale.length);
    return rhythm.map(([at, len]) => {
      d += pick(rng, [-2, -1, -1, 1, 1, 2, 0, 3]);
      d = Math.max(-2, Math.min(scale.length * 2, d));
      return { at, len, d };
    });
  };
  const motifA = makeMotif();
  const motifB = makeMotif();

  const g = { chord: 0.14, lead: 0.2, bass: 0.32, drums: 0.5 };

  for (let b = 0; b < bars; b++) {
    const chord = progression[b % progression.length];
    const t0 = b * bar;
    const inOutro = b >= outroFrom;
    const full = b >= intro && !inOutro;
    const chordHz = chord.map((s) => midiHz(key + 12 + s));
    const rootHz = midiHz(key - 12 + chord[0]);

    // Harmony
    switch (style.chord) {
      case 'pad':
        for (const hz of chordHz) voices.pad(mix, t0, bar, hz, g.chord * 0.9, WAVES.hollow, 1200);
        break;
      case 'padBright':
        for (const hz of chordHz) voices.pad(mix, t0, bar, hz, g.chord * 0.8, WAVES.saw, 2600);
        break;
      case 'organ':
        for (const hz of chordHz) voices.organ(mix, t0, bar * 0.95, hz, g.chord * 0.5);
        break;
      case 'epiano':
        for (const [i, hz] of chordHz.entries())
          voices.epiano(mix, t0 + i * 0.012, bar * 0.9, hz, g.chord * 0.9);
        if (b % 2 === 1)
          for (const hz of chordHz) voices.epiano(mix, t0 + 2.5 * beat, beat, hz, g.chord * 0.5);
        break;
      case 'guitar':
        // Choppy muted guitar on the off-beats, the afrobeat engine.
        for (let s = 0; s < 8; s++) {
          if (s % 2 === 1 || rng() < 0.25) {
            for (const hz of chordHz.slice(0, 3))
              voices.pluck(mix, swingAt(b, s / 2), beat * 0.3, hz * 2, g.chord * 0.8, noise, 0.3, 0.99);
          }
        }
        if (full) for (const hz of chordHz) voices.organ(mix, t0, bar, hz, g.chord * 0.22);
        break;
      case 'krar':
        // Arpeggiated krar: chord tones rising and falling in eighths.
        for (let s = 0; s < 8; s++) {
          const order = [0, 1, 2, 1, 0, 2, 1, 2];
          voices.pluck(
            mix,
            swingAt(b, s / 2),
            beat,
            chordHz[order[s] % chordHz.length] * 2,
            g.chord * 1.1,
            noise,
            0.45,
            0.997,
          );
        }
        break;
      case 'stabs':
        for (const at of [0.5, 1.5, 2.75, 3.5]) {
          for (const hz of chordHz) voices.epiano(mix, swingAt(b, at), beat * 0.35, hz, g.chord * 0.8);
        }
        if (full) for (const hz of chordHz) voices.pad(mix, t0, bar, hz, g.chord * 0.35, WAVES.softSaw, 1400);
        break;
    }

    // Arpeggio (synthwave): sixteenths through the chord, two octaves.
    if (style.arp) {
      const notes = [...chordHz, ...chordHz.map((h) => h * 2)];
      for (let s = 0; s < 16; s++) {
        voices.lead(
          mix,
          t0 + (s * beat) / 4,
          beat / 5,
          notes[(s * (b % 2 ? 3 : 1)) % notes.length] * 2,
          g.lead * 0.25,
          WAVES.square,
        );
      }
    }

    // Bass
    if (b >= intro || style.bass === 'drone') {
      switch (style.bass) {
        case 'walking': {
          const steps = [
            0,
            chord[1] - chord[0],
            chord[2] - chord[0],
            chord[2] - chord[0] + (rng() < 0.5 ? 1 : -1),
          ];
          for (const [i, st] of steps.entries()) {
            voices.bass(mix, t0 + i * beat, beat * 0.9, rootHz * 2 ** (st / 12), g.bass);
          }
          break;
        }
        case 'busy':
          for (const [at, st] of [
            [0, 0],
            [0.75, 0],
            [1.5, 7],
            [2, 10],
            [2.5, 12],
            [3.25, 7],
            [3.5, 0],
          ]) {
            voices.bass(mix, swingAt(b, at), beat * 0.4, rootHz * 2 ** (st / 12), g.bass);
          }
          break;
        case 'roots':
          voices.bass(mix, t0, beat * 1.8, rootHz, g.bass);
          voices.bass(mix, swingAt(b, 2.5), beat, rootHz * 2 ** (7 / 12), g.bass * 0.8);
          break;
        case 'octaves':
          for (let s = 0; s < 8; s++)
            voices.bass(mix, t0 + (s * beat) / 2, beat * 0.4, rootHz * (s % 2 ? 2 : 1), g.bass * 0.85, 0.5);
          break;
        case 'offbeat':
          for (let s = 0; s < 4; s++)
            voices.bass(
              mix,
              t0 + (s + 0.5) * beat,
              beat * 0.45,
              rootHz * (s === 3 ? 2 ** (7 / 12) : 1),
              g.bass,
              0.4,
            );
          break;
        case 'drone':
          voices.pad(mix, t0, bar, rootHz, g.bass * 0.45, WAVES.sine, 600);
          break;
      }
    }

    // Lead melody: A A B A over the body, resting in the intro and outro.
    if (full && b % 2 === 0) {
      const phrase = Math.floor((b - intro) / 2) % 4;
      const motif = phrase === 2 ? motifB : motifA;
      const lift = phrase === 3 ? 1 : 0; // the last A climbs a step: a small arc per cycle
      for (const n of motif) {
        if (rng() < 0.1) continue; // an occasional rest keeps the repeat from sounding mechanical
        const at = Math.floor(n.at / 4);
        const start = swingAt(b + at, n.at % 4);
        const hz = degreeHz(n.d + lift);
        const len = n.len * beat;
        switch (leadName) {
          case 'vibes':
            voices.vibes(mix, start, len, hz, g.lead * 0.9);
            break;
          case 'bell':
            voices.bell(mix, start, len, hz, g.lead * 0.55);
            break;
          case 'epianoLead':
            voices.epiano(mix, start, len, hz, g.lead * 0.85);
            break;
          case 'krarLead':
            voices.pluck(mix, start, len, hz, g.lead * 1.4, noise, 0.55, 0.998);
            break;
          case 'organLead':
            voices.organ(mix, start, len * 0.9, hz, g.lead * 0.45);
            break;
          case 'leadSquare':
            voices.lead(mix, start, len, hz, g.lead * 0.35, WAVES.square);
            break;
          case 'leadSoft':
            voices.lead(mix, start, len, hz, g.lead * 0.45, WAVES.hollow);
            break;
          default:
            voices.lead(mix, start, len, hz, g.lead * 0.35, WAVES.saw);
        }
      }
    }

    // Drums
    if (!full && style.drums !== 'kebero') continue;
    const dg = g.drums;
    switch (style.drums) {
      case 'jazz':
        for (let i = 0; i < 4; i++) {
          drums.hat(mix, swingAt(b, i), dg * 0.35, noise, true);
          if (i % 2 === 1) drums.hat(mix, swingAt(b, i + 0.5), dg * 0.25, noise);
        }
        drums.kick(mix, t0, dg * 0.5);
        if (rng() < 0.5) drums.kick(mix, swingAt(b, 2.5), dg * 0.35);
        drums.snare(mix, t0 + beat, dg * 0.2, noise);
        drums.snare(mix, t0 + 3 * beat, dg * 0.25, noise);
        break;
      case 'afro':
        for (let s = 0; s < 16; s++)
          drums.shaker(mix, t0 + (s * beat) / 4, dg * (s % 4 === 2 ? 0.35 : 0.2), noise);
        for (const at of [0, 1.5, 2.5]) drums.kick(mix, swingAt(b, at), dg * 0.7);
        drums.snare(mix, t0 + beat, dg * 0.35, noise);
        drums.snare(mix, t0 + 3 * beat, dg * 0.4, noise);
        for (const at of [0.75, 2.25, 3.75]) drums.tom(mix, t0 + at * beat, dg * 0.3, 160);
        break;
      case 'boombap':
        drums.kick(mix, t0, dg * 0.8);
        drums.kick(mix, swingAt(b, 2.5), dg * 0.6);
        drums.snare(mix, t0 + beat, dg * 0.45, noise);
        drums.snare(mix, t0 + 3 * beat, dg * 0.45, noise);
        for (let i = 0; i < 8; i++) drums.hat(mix, swingAt(b, i / 2), dg * (i % 2 ? 0.18 : 0.3), noise);
        break;
      case 'gated':
        for (let i = 0; i < 4; i++) drums.kick(mix, t0 + i * beat, dg * (i % 2 ? 0.5 : 0.8));
        drums.snare(mix, t0 + beat, dg * 0.55, noise, 1.6);
        drums.snare(mix, t0 + 3 * beat, dg * 0.55, noise, 1.6);
        for (let i = 0; i < 8; i++) drums.hat(mix, t0 + (i * beat) / 2, dg * 0.2, noise);
        break;
      case 'kebero':
        // Hand drum in a lilting pattern; quieter in the intro and outro.
        for (const [at, kind] of [
          [0, 'low'],
          [1.5, 'slap'],
          [2, 'low'],
          [2.5, 'slap'],
          [3, 'slap'],
          [3.5, 'low'],
        ]) {
          const lvl = full ? 1 : 0.45;
          if (kind === 'low') drums.tom(mix, swingAt(b, at), dg * 0.6 * lvl, 95);
          else drums.slap(mix, swingAt(b, at), dg * 0.35 * lvl, noise);
        }
        break;
      case 'four':
        for (let i = 0; i < 4; i++) {
          drums.kick(mix, t0 + i * beat, dg * 0.85);
          drums.hat(mix, t0 + (i + 0.5) * beat, dg * 0.35, noise, true);
          drums.hat(mix, t0 + (i + 0.25) * beat, dg * 0.12, noise);
          drums.hat(mix, t0 + (i + 0.75) * beat, dg * 0.12, noise);
        }
        drums.clap(mix, t0 + beat, dg * 0.45, noise);
        drums.clap(mix, t0 + 3 * beat, dg * 0.45, noise);
        break;
    }
  }

  // Vinyl crackle for lo-fi: sparse clicks over a faint hiss.
  if (style.crackle) {
    const n = mix.buf.length;
    for (let i = 0; i < n; i++) {
      mix.buf[i] += (noise() * 2 - 1) * 0.004 + (noise() < 0.0009 ? (noise() * 2 - 1) * 0.12 : 0);
    }
  }
  return { buf: mix.buf.subarray(0, Math.ceil((bars * bar + 1.5) * SR)), bpm, bars };
}

function writeWav(path, samples) {
  let peak = 0;
  for (const v of samples) peak = Math.max(peak, Math.abs(v));
  const scale = peak > 0 ? 0.89 / peak : 1;
  const data = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) {
    data.writeInt16LE(Math.max(-32_768, Math.min(32_767, Math.round(samples[i] * scale * 32_767))), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SR, 24);
  header.writeUInt32LE(SR * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  writeFileSync(path, Buffer.concat([header, data]));
}

function run(cmd, argv) {
  const r = spawnSync(cmd, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(' ')} failed: ${r.stderr}`);
}

const work = join(tmpdir(), `zema-demo-audio-${process.pid}`);
mkdirSync(work, { recursive: true });
mkdirSync(outDir, { recursive: true });
const artistName = new Map(manifest.artists.map((a) => [a.key, a.name]));
let total = 0;
let count = 0;
try {
  for (const album of manifest.albums) {
    if (only && album.key !== only) continue;
    for (const [i, track] of album.tracks.entries()) {
      const number = i + 1;
      const file = audioFileName(album.key, number);
      const started = performance.now();
      const { buf, bpm } = renderTrack(album.style, track.seed, track.seconds);
      const raw = join(work, `${album.key}-${number}.wav`);
      const room = join(work, `${album.key}-${number}-room.wav`);
      writeWav(raw, buf);
      // sox: room reverb per style, then trim to the intended length with gentle fades.
      const len = track.seconds;
      run('sox', [
        raw,
        room,
        ...STYLES[album.style].sox,
        'trim',
        '0',
        String(len),
        'fade',
        't',
        '0.4',
        String(len),
        '2.5',
        'norm',
        '-1',
      ]);
      const credits = (track.artists ?? album.artists).map((k) => artistName.get(k)).join(', ');
      run('ffmpeg', [
        '-loglevel',
        'error',
        '-y',
        '-i',
        room,
        '-ac',
        '1',
        '-ar',
        String(SR),
        '-c:a',
        'libmp3lame',
        '-b:a',
        BITRATE,
        '-map_metadata',
        '-1',
        '-metadata',
        `title=${track.name}`,
        '-metadata',
        `artist=${credits}`,
        '-metadata',
        `album=${album.name}`,
        '-metadata',
        `track=${number}`,
        '-metadata',
        'comment=Synthesised for the Zema demo catalogue',
        join(outDir, file),
      ]);
      if (!keepWav) {
        rmSync(raw);
        rmSync(room);
      }
      const size = statSync(join(outDir, file)).size;
      total += size;
      count++;
      console.log(
        `${file.padEnd(28)} ${album.style.padEnd(10)} ${String(bpm).padStart(3)} bpm ${String(len).padStart(3)} s ${(size / 1024).toFixed(0).padStart(4)} kB  ${(performance.now() - started).toFixed(0)} ms`,
      );
    }
  }
} finally {
  if (!keepWav) rmSync(work, { recursive: true, force: true });
}
console.log(`\n${count} tracks, ${(total / 1024 / 1024).toFixed(2)} MB`);
