/**
 * Splits `amount` over `weights` pro rata with the largest-remainder method, so the shares add up
 * to `amount` exactly; equal remainders go to the earlier weight first (deterministic).
 */
export function spreadProRata(amount: bigint, weights: readonly bigint[]): bigint[] {
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0n);
  if (totalWeight === 0n) return weights.map(() => 0n);
  const shares = weights.map((weight) => (amount * weight) / totalWeight);
  let leftover = amount - shares.reduce((sum, share) => sum + share, 0n);
  const byRemainder = weights
    .map((weight, index) => ({ index, remainder: (amount * weight) % totalWeight }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (leftover === 0n) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    leftover -= 1n;
  }
  return shares;
}
