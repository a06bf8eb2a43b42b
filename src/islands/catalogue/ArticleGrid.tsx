import { useEffect, useState } from 'react';

type Article = { key: string; title: string; description: string; link: string };
type Labels = { loading: string; empty: string; error: string; newTab: string };
type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: Article[] };

/** The library grid from GET /api/articles: loading, empty, error, or cards whose links open in a new tab. */
export default function ArticleGrid({ labels }: { labels: Labels }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    fetch('/api/articles', { headers: { accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`articles answered ${res.status}`);
        const body = (await res.json()) as { items: Article[] };
        if (live) setState({ status: 'ready', items: body.items });
      })
      .catch((error: unknown) => {
        console.warn('articles not loaded', error);
        if (live) setState({ status: 'error' });
      });
    return () => { live = false; };
  }, []);

  if (state.status === 'loading') return <p className="status" role="status"><span className="spinner" aria-hidden="true" /> {labels.loading}</p>;
  if (state.status === 'error') return <p className="status status--error" role="alert">{labels.error}</p>;
  if (state.items.length === 0) return <p className="empty">{labels.empty}</p>;
  return (
    <ul className="article-grid">
      {state.items.map((a) => (
        <li key={a.key} className="article-card">
          <h2><a href={a.link} target="_blank" rel="noopener noreferrer">{a.title} <span className="visually-hidden">{labels.newTab}</span></a></h2>
          <p>{a.description}</p>
        </li>
      ))}
    </ul>
  );
}
