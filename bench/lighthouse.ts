// Lighthouse, mobile preset (its default), on the public pages of the production build, through Debian's
// Chromium: never a downloaded browser.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { benchServer, PUBLIC_PAGES } from './pages.ts';
import { record } from './table.ts';
import { uploadPhotos } from './uploaded-photos.ts';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = [['performance', 'perf'], ['accessibility', 'a11y'], ['best-practices', 'BP'], ['seo', 'SEO']] as const;

type Item = { resourceType?: string; transferSize?: number };

/** `photos`: every demo picture replaced by an uploaded photograph first (its rows say "uploaded photos"). */
export async function lighthouseBench(photos = false) {
  const { server, videoKey, token } = await benchServer('pglite');
  if (photos) await uploadPhotos(server, token);
  const tag = photos ? ' (uploaded photos)' : '';
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    for (const path of [...PUBLIC_PAGES(videoKey), ...(photos ? [] : ['/zaloguj-sie'])]) {
      const audited = () => lighthouse(`${server.url}${path}`, { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: CATEGORIES.map(([c]) => c) });
      let lhr = (await audited())?.lhr;
      // A cold browser on a busy machine sometimes misses the first paint (NO_FCP): once more before reporting it.
      if (lhr && lhr.categories.performance?.score === null) lhr = (await audited())?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
      if (lhr.runtimeError) {
        record({ what: 'Lighthouse mobile', case: `GET ${path.replace(videoKey, '{key}')}${tag}`, result: `failed: ${lhr.runtimeError.code}` });
        continue;
      }
      const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      const audit = (id: string) => lhr.audits[id];
      const items = (id: string) => ((audit(id)?.details as { items?: Item[] } | undefined)?.items ?? []);
      const scriptRow = items('resource-summary').find((i) => i.resourceType === 'script');
      const jsBytes = scriptRow?.transferSize ?? items('network-requests').filter((i) => i.resourceType === 'Script').reduce((n, i) => n + (i.transferSize ?? 0), 0);
      const lcp = audit('largest-contentful-paint')?.numericValue ?? Number.NaN;
      const cls = audit('cumulative-layout-shift')?.numericValue ?? Number.NaN;
      const tbt = audit('total-blocking-time')?.numericValue ?? Number.NaN;
      record({
        what: 'Lighthouse mobile', case: `GET ${path.replace(videoKey, '{key}')}${tag}`,
        result: `${CATEGORIES.map(([c, short]) => `${short} ${score(c)}`).join(' · ')} · LCP ${(lcp / 1000).toFixed(1)} s · CLS ${cls.toFixed(3)} · TBT ${Math.round(tbt)} ms · JS ${(jsBytes / 1024).toFixed(0)} KB`,
      });
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
}
