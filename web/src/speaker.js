// The piezo through WebAudio: a square wave at the tone the buzzer's pin
// makes.  Browsers let a page sound only after a click or a key, so it
// starts silent and unlock() (called from those) opens it.  A note shorter
// than a frame (a key's 8 ms click) is heard from the edges it left.
export class Speaker {
  constructor() {
    this.context = null;
    this.muted = false;
    this.edges = 0;
  }

  unlock() {
    if (this.context || typeof AudioContext === 'undefined') return;
    this.context = new AudioContext();
    this.gain = this.context.createGain();
    this.gain.gain.value = 0;
    this.gain.connect(this.context.destination);
    this.oscillator = this.context.createOscillator();
    this.oscillator.type = 'square';
    this.oscillator.connect(this.gain);
    this.oscillator.start();
  }

  mute(muted) {
    this.muted = muted;
    if (this.gain) this.gain.gain.value = 0;
  }

  // Called every frame with the tone sounding (Hz, 0 for none) and the
  // buzzer's record of edges.
  play(tone, buzzer, clockHz) {
    const newEdges = buzzer.edges - this.edges;
    this.edges = buzzer.edges;
    if (!this.context || this.muted) return;
    const now = this.context.currentTime;
    const gain = this.gain.gain;
    if (tone) {
      this.oscillator.frequency.setValueAtTime(tone, now);
      gain.setValueAtTime(0.08, now);
    } else if (newEdges > 1 && buzzer.halfPeriod > 0) {
      const frequency = clockHz / (2 * buzzer.halfPeriod);
      this.oscillator.frequency.setValueAtTime(frequency, now);
      gain.setValueAtTime(0.08, now);
      gain.setValueAtTime(0, now + newEdges / (2 * frequency));
    } else {
      gain.setValueAtTime(0, now);
    }
  }
}
