/** Seeded draws of the demo data: the generator, and CPFs, plates and ids drawn from it. */
import { checkDigit } from '../../../domain/shared/cpf';

export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <A>(random: () => number, values: readonly A[]): A =>
  values[Math.floor(random() * values.length)] as A;

/** 11 digits with valid check digits (Receita Federal mod 11); never all digits equal. */
export function demoCpf(random: () => number): string {
  let base: number[];
  do base = Array.from({ length: 9 }, () => Math.floor(random() * 10));
  while (base.every((d) => d === base[0]));
  return withCheckDigits(base);
}

function withCheckDigits(base: readonly number[]): string {
  const first = checkDigit(base);
  return [...base, first, checkDigit([...base, first])].join('');
}

/** A CPF of its own for contact `index` (a bijection of the index below 10^9): never two people with one CPF. */
export function cpfOfIndex(index: number, seed: number): string {
  const n = (index * 7_919 + seed * 104_729 + 100_000_000) % 1_000_000_000;
  const base = String(n).padStart(9, '0').split('').map(Number);
  return withCheckDigits(
    base.every((d) => d === base[0]) ? [...base.slice(0, 8), (base[8] ?? 0) === 9 ? 0 : (base[8] ?? 0) + 1] : base,
  );
}

/** A Mercosul plate (ABC1D23). */
export function demoPlate(random: () => number): string {
  const letter = () => String.fromCharCode(65 + Math.floor(random() * 26));
  const digit = () => String(Math.floor(random() * 10));
  return `${letter()}${letter()}${letter()}${digit()}${letter()}${digit()}${digit()}`;
}

export const uuidFrom = (random: () => number): string => {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = '89ab'[Math.floor(random() * 4)] as string;
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
};
