import type { RefId, RefKind } from '@sb/contracts';
import type { DataSource } from 'typeorm';

/** The table of each kind of record a service owns; every such table has `id` and `company_id`. */
export type OwnedRefTables = Partial<Record<RefKind, string>>;

/** Reads which ids of a kind a service owns are rows of a company. */
export class OwnedRefsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tables: OwnedRefTables,
  ) {}

  /** Which of these ids are rows of the company (undefined: a kind this service does not own). */
  async ownedIds(companyId: number, kind: RefKind, ids: RefId[]): Promise<RefId[] | undefined> {
    const table = this.tables[kind];
    if (!table) return undefined;
    const type = kind === 'message' ? 'uuid' : 'int';
    const rows: { id: RefId }[] = await this.dataSource.query(
      `SELECT id FROM ${table} WHERE company_id = $1 AND id = ANY($2::${type}[])`,
      [companyId, ids],
    );
    return rows.map((row) => row.id);
  }
}
