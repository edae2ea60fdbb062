// MT19937 (Matsumoto & Nishimura, mt19937ar.c with init_by_array) on a Uint32Array with
// Math.imul: the same words as the reference, about ten times faster to seed than the
// mersenne-twister package, which matters because every dice round seeds a fresh generator.
const N = 624;
const M = 397;

export class Mt19937 {
  private readonly mt = new Uint32Array(N);
  private index = N + 1;

  private initGenrand(seed: number) {
    const mt = this.mt;
    mt[0] = seed >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.index = N;
  }

  /** init_by_array(key): the reference seeding from an array of 32-bit words. */
  static fromArray(key: readonly number[]): Mt19937 {
    const g = new Mt19937();
    g.initGenrand(19650218);
    const mt = g.mt;
    let i = 1;
    let j = 0;
    const length = key.length;
    for (let k = Math.max(N, length); k > 0; k--) {
      const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = ((mt[i]! ^ Math.imul(prev, 1664525)) + (key[j]! >>> 0) + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
      if (j >= length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = ((mt[i]! ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
    return g;
  }

  private twist() {
    const mt = this.mt;
    let k = 0;
    for (; k < N - M; k++) {
      const y = (mt[k]! & 0x80000000) | (mt[k + 1]! & 0x7fffffff);
      mt[k] = mt[k + M]! ^ (y >>> 1) ^ (-(y & 1) & 0x9908b0df);
    }
    for (; k < N - 1; k++) {
      const y = (mt[k]! & 0x80000000) | (mt[k + 1]! & 0x7fffffff);
      mt[k] = mt[k + M - N]! ^ (y >>> 1) ^ (-(y & 1) & 0x9908b0df);
    }
    const y = (mt[N - 1]! & 0x80000000) | (mt[0]! & 0x7fffffff);
    mt[N - 1] = mt[M - 1]! ^ (y >>> 1) ^ (-(y & 1) & 0x9908b0df);
    this.index = 0;
  }

  /** genrand_int32: the next word in [0, 2^32). */
  nextU32(): number {
    if (this.index >= N) this.twist();
    let y = this.mt[this.index++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }
}
