import { useI18n } from '../i18n/i18n.tsx';

/** The search tool's title and description: every page restores them when it is left. */
export function useDefaultMeta() {
  const { m } = useI18n();
  return { title: m.meta.title, description: m.meta.description };
}
