import { acquireDatabaseServer } from './databaseServer';

export default async function setup(): Promise<void> {
  await acquireDatabaseServer();
}
