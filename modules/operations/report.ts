import type { OperationsPorts } from './ports.ts';
import {
  backlogItem, backupItems, connectionsItem, databaseItem, diskItem, followerItem, laneTopics, migrationsItem, outsideItem,
  publicUrlItem, uncheckedItem, versionItem, type Status, type SystemItem,
} from './rules.ts';

/** The page's groups, in the order the panel shows them. `backup` stays empty until modules/backup is wired (ports.backup). */
export const GROUPS = ['version', 'database', 'work', 'backup', 'outside', 'host'] as const;
export type GroupId = (typeof GROUPS)[number];
export type SystemGroup = { id: GroupId; items: SystemItem[] };
export type SystemReport = { checkedAt: string; status: Status; groups: SystemGroup[] };

/**
 * The system page's report: each group gathered at once, and one that cannot be gathered (its query failed) shows as
 * an item needing attention rather than failing the whole page; `onError` hears why.
 */
export async function systemReport(ports: OperationsPorts, onError: (error: unknown, item: string) => void = () => {}): Promise<SystemReport> {
  const now = (ports.clock ?? (() => new Date()))();
  const guard = async (id: string, gather: () => Promise<SystemItem[]>): Promise<SystemItem[]> => {
    try {
      return await gather();
    } catch (error) {
      onError(error, id);
      return [uncheckedItem(id)];
    }
  };
  const backup = ports.backup;
  const [migrations, size, connections, work, followers, backups, outside, disk] = await Promise.all([
    guard('migrations', async () => { const m = await ports.migrations(); return [migrationsItem(m.applied, m.known)]; }),
    guard('database', async () => [databaseItem(ports.database.kind, await ports.database.size())]),
    guard('connections', async () => [connectionsItem(await ports.database.connections())]),
    guard('backlog', async () => {
      const counted = await ports.outbox();
      return ports.lanes.map((lane) => backlogItem(lane.name, laneTopics(lane, ports.lanes, counted), now));
    }),
    guard('follower', async () => (await ports.followers()).map((f) => followerItem(f, now))),
    backup ? guard('backup', async () => backupItems(await backup(), now)) : Promise.resolve([]),
    guard('outside', async () => (await ports.outside()).map((s) => outsideItem(s, ports.configured[s.system]))),
    guard('disk', async () => { const d = await ports.disk(); return [diskItem(d.free, d.total)]; }),
  ]);
  const groups: SystemGroup[] = [
    { id: 'version', items: [versionItem(ports.build()), ...migrations] },
    { id: 'database', items: [...size, ...connections] },
    { id: 'work', items: [...work, ...followers] },
    { id: 'backup', items: backups },
    { id: 'outside', items: outside },
    { id: 'host', items: [...disk, publicUrlItem(ports.publicUrl.url, ports.publicUrl.defaulted)] },
  ];
  const attention = groups.some((g) => g.items.some((i) => i.status === 'attention'));
  return { checkedAt: now.toISOString(), status: attention ? 'attention' : 'ok', groups };
}
