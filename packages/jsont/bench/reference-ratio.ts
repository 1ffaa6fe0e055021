/**
 * Execute-only speed against the reference engine, measured in the same run:
 * both sides render already-compiled templates; the best of several rounds is kept.
 * Run: npx tsx packages/jsont/bench/reference-ratio.ts
 */
import { createRequire } from 'node:module';
import { compile, render } from '../src/index.js';

const require = createRequire(import.meta.url);
const reference = require('@squarespace/template-engine');

const TEMPLATES: Record<string, string> = {
  variables: '{.repeated section items}<li>{title} {fullUrl} {author.displayName} {@index}</li>{.end}',
  sections: '{.repeated section items}{.section author}{displayName}{.or}x{.end}{.if excerpt}y{.or}n{.end}{.end}',
  formatters: '{.repeated section items}{title|html}{fullUrl|htmlattr}{recordType|json}{.end}',
  predicates: '{.repeated section items}{.equal? recordType 1}a{.or}b{.end}{.odd?}o{.end}{.end}',
  page: `<h1>{website.siteTitle|html}</h1>{.section collection}<h2>{title}</h2>{.end}
<ul>{.repeated section items}<li class="{.odd?}odd{.or}even{.end}"><a href="{fullUrl}">{title|htmlattr}</a>
{.if excerpt}<p>{excerpt|safe|truncate 40}</p>{.or}none{.end}{.section author}by {displayName}{.end}</li>{.alternates with}<hr/>{.end}</ul>
{.var @n items|count}{@n} items {tags|json}`,
};

const items = Array.from({ length: 50 }, (_, i) => ({
  title: `Item ${i} <b>`,
  fullUrl: `/p/${i}`,
  excerpt: i % 3 ? `<p>Some text for item ${i} which is long enough to truncate</p>` : '',
  author: { displayName: 'Ann' },
  recordType: i % 2,
}));
const json = { website: { siteTitle: 'Shop & Co' }, collection: { title: 'Blog' }, items, tags: ['a', 'b'] };

function best(fn: () => void, rounds = 7, n = 1500): number {
  for (let i = 0; i < 300; i++) fn();
  let min = Number.POSITIVE_INFINITY;
  for (let r = 0; r < rounds; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) fn();
    min = Math.min(min, Number(process.hrtime.bigint() - t0) / 1e3 / n);
  }
  return min;
}

const ref = new reference.Compiler({ formatters: reference.Formatters, predicates: reference.Predicates });
for (const [name, source] of Object.entries(TEMPLATES)) {
  const { code } = ref.parse(source);
  const { template } = compile(source);
  const same = ref.execute({ code, json }).ctx.render() === render(template, json).output;
  const theirs = best(() => ref.execute({ code, json }));
  const ours = best(() => render(template, json));
  console.log(
    `${name.padEnd(11)} reference ${theirs.toFixed(1)} µs  tessera ${ours.toFixed(1)} µs  ratio ${(theirs / ours).toFixed(2)}${same ? '' : '  (OUTPUT DIFFERS)'}`,
  );
}
