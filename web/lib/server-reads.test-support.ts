/** Test support: puts an answer on the device, or reads it back, the way the app's persister stores it. */
import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';

import { persister } from './server-reads.ts';

async function savedClient(userId: string) {
  const client = new QueryClient();
  await persistQueryClientRestore({ queryClient: client, persister, buster: userId });
  return client;
}

export async function saveAnswer(userId: string, path: string, data: unknown, at = new Date()) {
  const client = await savedClient(userId);
  client.setQueryData([userId, path], data, { updatedAt: at.getTime() });
  await persistQueryClientSave({ queryClient: client, persister, buster: userId });
}

export async function savedAnswer(userId: string, path: string) {
  return (await savedClient(userId)).getQueryData([userId, path]);
}
