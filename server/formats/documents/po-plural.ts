/**
 * gettext plural forms: how many `msgstr[n]` a language has, and which one holds the singular.
 * The `Plural-Forms` expression is parsed (a small C expression grammar; never `eval`).
 */
export interface PluralForms {
  nplurals: number;
  /** The msgstr index used for n = 1. */
  singularIndex: number;
  /** The header line, for files that lack one. */
  header: string;
}

const TWO = 'nplurals=2; plural=(n != 1);';
const BY_LANGUAGE: Record<string, string> = {
  ja: 'nplurals=1; plural=0;',
  zh: 'nplurals=1; plural=0;',
  ko: 'nplurals=1; plural=0;',
  vi: 'nplurals=1; plural=0;',
  th: 'nplurals=1; plural=0;',
  id: 'nplurals=1; plural=0;',
  ms: 'nplurals=1; plural=0;',
  fr: 'nplurals=2; plural=(n > 1);',
  oc: 'nplurals=2; plural=(n > 1);',
  ru: 'nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);',
  uk: 'nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);',
  be: 'nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);',
  sr: 'nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);',
  hr: 'nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);',
  pl: 'nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);',
  cs: 'nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;',
  sk: 'nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;',
  ro: 'nplurals=3; plural=(n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2);',
  lt: 'nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2);',
  lv: 'nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2);',
  sl: 'nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);',
  ga: 'nplurals=5; plural=(n==1 ? 0 : n==2 ? 1 : n<7 ? 2 : n<11 ? 3 : 4);',
  ar: 'nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);',
};

/** The plural forms of a header's `Plural-Forms` line, else of the language, else two forms. */
export function pluralFormsFor(headerValue: string | null, lang: string): PluralForms {
  const declared = /^Plural-Forms:\s*(.*)$/im.exec(headerValue ?? '')?.[1]?.trim();
  const parsed = declared ? parsePluralForms(declared) : null;
  if (parsed) return parsed;
  const base = (lang.split(/[-_]/)[0] ?? '').toLowerCase();
  const pt = lang.replace('_', '-').toLowerCase() === 'pt-br' ? BY_LANGUAGE.fr : undefined;
  return parsePluralForms(pt ?? BY_LANGUAGE[base] ?? TWO)!;
}

/** Parses `nplurals=N; plural=EXPR;`; null when it is not valid (e.g. the POT placeholder). */
export function parsePluralForms(value: string): PluralForms | null {
  const m = /nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;]+);?/.exec(value);
  if (!m) return null;
  const nplurals = Number(m[1]);
  if (nplurals < 1 || nplurals > 10) return null;
  try {
    const index = evaluatePlural(m[2]!, 1);
    const singularIndex = index >= 0 && index < nplurals ? index : 0;
    return { nplurals, singularIndex, header: value };
  } catch {
    return null;
  }
}

type Token = string | number;

/** Evaluates a gettext plural expression for `n`. Throws on anything it does not understand. */
export function evaluatePlural(expression: string, n: number): number {
  const tokens: Token[] = [];
  const re = /\s*(?:(\d+)|(n)|(\|\||&&|==|!=|<=|>=|[-+*/%<>!?:()]))/y;
  let at = 0;
  while (at < expression.length) {
    re.lastIndex = at;
    const m = re.exec(expression);
    if (!m) {
      if (/^\s*$/.test(expression.slice(at))) break;
      throw new Error(`bad plural expression at ${at}`);
    }
    tokens.push(m[1] !== undefined ? Number(m[1]) : (m[2] ?? m[3])!);
    at = re.lastIndex;
  }
  let i = 0;
  const peek = () => tokens[i];
  const expect = (t: string) => {
    if (tokens[i++] !== t) throw new Error(`expected ${t}`);
  };
  const binary = (ops: string[], next: () => number) => (): number => {
    let left = next();
    while (typeof peek() === 'string' && ops.includes(peek() as string)) {
      const op = tokens[i++] as string;
      const right = next();
      left = apply(op, left, right);
    }
    return left;
  };
  const unary = (): number => {
    const t = tokens[i++];
    if (t === '!') return unary() === 0 ? 1 : 0;
    if (t === '-') return -unary();
    if (t === 'n') return n;
    if (typeof t === 'number') return t;
    if (t === '(') {
      const v = ternary();
      expect(')');
      return v;
    }
    throw new Error('bad plural expression');
  };
  const multiplicative = binary(['*', '/', '%'], unary);
  const additive = binary(['+', '-'], multiplicative);
  const relational = binary(['<', '>', '<=', '>='], additive);
  const equality = binary(['==', '!='], relational);
  const and = binary(['&&'], equality);
  const or = binary(['||'], and);
  const ternary = (): number => {
    const condition = or();
    if (peek() !== '?') return condition;
    i++;
    const yes = ternary();
    expect(':');
    const no = ternary();
    return condition !== 0 ? yes : no;
  };
  const value = ternary();
  if (i !== tokens.length) throw new Error('bad plural expression');
  return value;
}

function apply(op: string, a: number, b: number): number {
  switch (op) {
    case '*':
      return a * b;
    case '/':
      return b === 0 ? 0 : Math.trunc(a / b);
    case '%':
      return b === 0 ? 0 : a % b;
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '<':
      return a < b ? 1 : 0;
    case '>':
      return a > b ? 1 : 0;
    case '<=':
      return a <= b ? 1 : 0;
    case '>=':
      return a >= b ? 1 : 0;
    case '==':
      return a === b ? 1 : 0;
    case '!=':
      return a !== b ? 1 : 0;
    case '&&':
      return a !== 0 && b !== 0 ? 1 : 0;
    default:
      return a !== 0 || b !== 0 ? 1 : 0;
  }
}
