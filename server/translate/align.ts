/**
 * A word alignment estimate for an MT item (`align`: space-separated `s-t` pairs), since
 * Apertium reports none. The heuristic:
 * 1. anchors: a target token whose key equals a source token's (numbers, inline codes,
 *    punctuation, names, cognates spelt alike) is linked to the unused source token of that key
 *    nearest its proportional position;
 * 2. every other target token is linked to the source token at the same relative position
 *    between the anchors around it (monotone between anchors).
 * Every target token gets exactly one link (pairs in target order); indices are always in range;
 * an empty side gives "".
 */
export function alignWords(sourceKeys: string[], targetKeys: string[]): string {
  const ns = sourceKeys.length;
  const nt = targetKeys.length;
  if (ns === 0 || nt === 0) return '';
  const links = new Array<number>(nt).fill(-1);
  const isAnchor = new Array<boolean>(nt).fill(false);
  const used = new Set<number>();
  const positions = new Map<string, number[]>();
  sourceKeys.forEach((key, s) => {
    const list = positions.get(key);
    if (list) list.push(s);
    else positions.set(key, [s]);
  });
  const expected = (t: number) => ((t + 0.5) * ns) / nt - 0.5;

  targetKeys.forEach((key, t) => {
    let best = -1;
    for (const s of positions.get(key) ?? []) {
      if (used.has(s)) continue;
      if (best < 0 || Math.abs(s - expected(t)) < Math.abs(best - expected(t))) best = s;
    }
    if (best < 0) return;
    used.add(best);
    links[t] = best;
    isAnchor[t] = true;
  });

  // Between anchors (with virtual ones before the first and after the last token): interpolate.
  let prevT = -1;
  let prevS = -1;
  for (let t = 0; t < nt; t++) {
    if (isAnchor[t]) {
      prevT = t;
      prevS = links[t]!;
      continue;
    }
    let nextT = t + 1;
    while (nextT < nt && !isAnchor[nextT]) nextT++;
    const nextS = nextT < nt ? links[nextT]! : ns;
    const s = Math.round(prevS + ((t - prevT) * (nextS - prevS)) / (nextT - prevT));
    links[t] = Math.min(ns - 1, Math.max(0, s));
  }
  return links.map((s, t) => `${s}-${t}`).join(' ');
}
