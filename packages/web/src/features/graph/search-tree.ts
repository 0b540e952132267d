/**
 * Where a graph's search tree comes from: the server (`GET /api/search/{id}/tree`) or a `hound-tree/1` file an
 * investigator opens. Both are parsed with the shared schema; anything else is a clear error, never a guess.
 */
import { type SearchTree, SearchTreeSchema } from '@hound/contracts';
import { apiFetch } from '../../lib/api-fetch.ts';

export type TreeAnswer =
  | { status: 'ready'; tree: SearchTree }
  /** 404: no such search, or a server without search trees. */
  | { status: 'missing' }
  /** A tree without a single search: nothing to draw. */
  | { status: 'empty' }
  /** 401: an email search's tree, which only its owner sees (signed out). */
  | { status: 'private' }
  | { status: 'failed' };

export async function fetchSearchTree(id: string, signal?: AbortSignal): Promise<TreeAnswer> {
  const answer = await apiFetch(`/api/search/${encodeURIComponent(id)}/tree`, signal ? { signal } : {});
  if (answer.status === 404) return { status: 'missing' };
  if (answer.status === 401) return { status: 'private' };
  if (!answer.ok) return { status: 'failed' };
  const parsed = SearchTreeSchema.safeParse(answer.body);
  if (!parsed.success) return { status: 'failed' };
  return parsed.data.searches.length ? { status: 'ready', tree: parsed.data } : { status: 'empty' };
}

/** Files above this are refused before they are read (a 3,000-profile tree with facts is a few MB). */
export const MAX_TREE_FILE_MB = 64;

/** `detail`: for `invalid`, the first place the file breaks the schema (`path: message`). */
export type FileAnswer =
  | { ok: true; tree: SearchTree }
  | { ok: false; error: 'too_large' | 'not_json' | 'empty' | 'invalid'; detail?: string };

export function readTreeText(text: string): FileAnswer {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'not_json' };
  }
  const parsed = SearchTreeSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, error: 'invalid', detail: `${issue.path.join('.') || '(root)'}: ${issue.message}` };
  }
  return parsed.data.searches.length ? { ok: true, tree: parsed.data } : { ok: false, error: 'empty' };
}

export async function readTreeFile(file: Blob): Promise<FileAnswer> {
  if (file.size > MAX_TREE_FILE_MB * 1024 * 1024) return { ok: false, error: 'too_large' };
  return readTreeText(await file.text());
}
