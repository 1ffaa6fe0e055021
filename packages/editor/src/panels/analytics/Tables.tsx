import { formatVital, VITALS } from './shape.js';
import type { ReportAnswer } from '@tessera/core/contracts/analytics';

function Section(props: { title: string; id: string; empty: boolean; children: React.ReactNode }) {
  return (
    <section className="ed-card an-table" aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      {props.empty ? <p className="ed-empty">Nothing recorded in this range.</p> : props.children}
    </section>
  );
}

const n = (value: number) => value.toLocaleString('en-US');

/** Top pages, referrers, devices and web vitals by page, as plain tables. */
export function ReportTables({ report }: { report: ReportAnswer }) {
  return (
    <div className="an-tables">
      <Section title="Top pages" id="an-pages" empty={report.pages.length === 0}>
        <table className="ed-table">
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Page views</th>
              <th scope="col">Visitors</th>
            </tr>
          </thead>
          <tbody>
            {report.pages.map((page) => (
              <tr key={page.path}>
                <th scope="row">{page.path}</th>
                <td>{n(page.pageViews)}</td>
                <td>{n(page.visitors)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title="Referrers" id="an-referrers" empty={report.referrers.length === 0}>
        <table className="ed-table">
          <thead>
            <tr>
              <th scope="col">Site</th>
              <th scope="col">Visits</th>
            </tr>
          </thead>
          <tbody>
            {report.referrers.map((referrer) => (
              <tr key={referrer.host}>
                <th scope="row">{referrer.host}</th>
                <td>{n(referrer.visits)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title="Web vitals by page (p75)" id="an-vitals-pages" empty={report.webVitals.length === 0}>
        <table className="ed-table">
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Samples</th>
              {VITALS.map((name) => (
                <th key={name} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.webVitals.map((row) => (
              <tr key={row.path}>
                <th scope="row">{row.path}</th>
                <td>{n(row.samples)}</td>
                {VITALS.map((name) => (
                  <td key={name}>{formatVital(name, row.p75[name])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </div>
  );
}
