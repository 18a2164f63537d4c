import type { DocumentRoutes } from '#api/routes/documents/index.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { apiClient } from '#web/lib/api.ts';
import { toast } from '#web/lib/ui/toasts.tsx';
import { OFFLINE_MESSAGE } from '#web/lib/write.ts';

import { downloadName } from './document-rules.ts';

const downloadApi = apiClient<DocumentRoutes>().documents[':id'].download;

const FAILURE = 'Failed to download document';

/** GET /api/documents/:id/download and save the file under the document's name. Files live on the server only. */
export async function downloadDocument(doc: Pick<DomainRows['documents'], 'id' | 'name' | 'fileName'>): Promise<void> {
  if (!navigator.onLine) {
    toast.error(FAILURE, { description: OFFLINE_MESSAGE });
    return;
  }
  let blob: Blob;
  try {
    const res = await downloadApi.$get({ param: { id: doc.id } });
    if (!res.ok) {
      toast.error(FAILURE, { description: await serverMessage(res) });
      return;
    }
    blob = await res.blob();
  } catch {
    toast.error(FAILURE);
    return;
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = downloadName(doc);
  document.body.append(link);
  link.click();
  link.remove();
  // the click has handed the blob to the browser's download; revoking later frees it without racing that hand-off
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

async function serverMessage(res: Pick<Response, 'json' | 'status' | 'statusText'>): Promise<string> {
  try {
    const body = (await res.json()) as { error?: string };
    return body.error ?? `${res.status}: ${res.statusText}`;
  } catch {
    return `${res.status}: ${res.statusText}`;
  }
}
