import { useQuery } from '@tanstack/react-query';
import { focusRing, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill } from '../../lib/format.ts';
import { LegalPage } from './legal-page.tsx';

interface BundledPackage {
  name: string;
  version: string;
  license: string;
  repository?: string;
  licenseText?: string;
}

const DATA_SOURCES = [
  { name: 'Sherlock', license: 'MIT', url: 'https://github.com/sherlock-project/sherlock' },
  { name: 'WhatsMyName', license: 'CC BY-SA 4.0', url: 'https://github.com/WebBreacher/WhatsMyName' },
  { name: 'Maigret', license: 'MIT', url: 'https://github.com/soxoj/maigret' },
];

const MIT_TEXT = `Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated documentation files (the "Software"), to deal in the Software without restriction, including without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.`;

/** Written by the build (build/bundle-licenses.ts) from the packages actually in the bundle. */
async function fetchBundledPackages(): Promise<BundledPackage[] | null> {
  const res = await fetch('/licenses.json', { headers: { accept: 'application/json' } });
  if (!res.ok) return null;
  const body = (await res.json()) as { packages?: BundledPackage[] };
  return Array.isArray(body.packages) ? body.packages : null;
}

export default function LicensesPage() {
  const { m } = useI18n();
  const l = m.legal.licenses;
  const { data: packages, isPending } = useQuery({
    queryKey: ['bundled-licenses'],
    queryFn: fetchBundledPackages,
    staleTime: Number.POSITIVE_INFINITY,
  });

  return (
    <LegalPage title={l.title} description={l.description}>
      <p>{l.intro}</p>
      <h2>{l.productTitle}</h2>
      <p>{l.productText}</p>
      <details>
        <summary className={focusRing}>{l.showLicense}</summary>
        <pre className="license-text">{`MIT License\n\nCopyright (c) ${new Date().getFullYear()} ${m.brand} contributors\n\n${MIT_TEXT}`}</pre>
      </details>

      <h2>{l.dataTitle}</h2>
      <p>{l.dataText}</p>
      <ul>
        {DATA_SOURCES.map((source) => (
          <li key={source.name}>
            <a href={source.url} target="_blank" rel="noopener noreferrer">
              {source.name}
            </a>{' '}
            — {source.license}
          </li>
        ))}
      </ul>
      <p>{l.wmnNote}</p>

      <h2>{l.bundleTitle}</h2>
      <p>{l.bundleText}</p>
      {isPending ? (
        <p className={muted}>{m.common.loading}</p>
      ) : packages ? (
        <ul className="not-prose divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {packages.map((pkg) => (
            <li key={pkg.name} className="px-4 py-3">
              <details>
                <summary className={`flex cursor-pointer flex-wrap items-baseline gap-x-3 rounded ${focusRing}`}>
                  <span className="font-mono text-sm font-semibold">{pkg.name}</span>
                  <span className={`font-mono text-xs ${muted}`}>{pkg.version}</span>
                  <span className="ml-auto rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold dark:bg-slate-800">
                    {pkg.license}
                  </span>
                </summary>
                {pkg.repository && <p className={`mt-2 text-sm break-all ${muted}`}>{pkg.repository}</p>}
                <pre className="license-text">{pkg.licenseText ?? fill(l.noText, { license: pkg.license })}</pre>
              </details>
            </li>
          ))}
        </ul>
      ) : (
        <p className={muted}>{l.bundleMissing}</p>
      )}
    </LegalPage>
  );
}
