import { releaseDatabaseServer } from './databaseServer';

export default async function teardown(): Promise<void> {
  await releaseDatabaseServer();
}
