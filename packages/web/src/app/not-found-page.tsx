import { Link } from 'react-router';
import { button, muted } from '../components/ui.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { useDocumentMeta } from '../lib/document-meta.ts';
import { useDefaultMeta } from './default-meta.ts';

export default function NotFoundPage() {
  const { m } = useI18n();
  const defaults = useDefaultMeta();
  useDocumentMeta({ title: `${m.notFound.title} · ${m.brand}`, description: m.notFound.text, noindex: true }, defaults);
  return (
    <div className="fade-in mx-auto max-w-xl px-4 py-24 text-center">
      <p className="font-mono text-sm text-amber-800 dark:text-amber-300">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{m.notFound.title}</h1>
      <p className={`mt-3 ${muted}`}>{m.notFound.text}</p>
      <Link to="/" className={`${button.primary} mt-8`}>
        {m.notFound.home}
      </Link>
    </div>
  );
}
