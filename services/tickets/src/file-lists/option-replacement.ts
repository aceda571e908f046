import type { FileListOptionInput } from '@sb/contracts';

type Existing = { id: number; path: string | null };

export type OptionPlan = {
  /** kept options (by id), renamed and reordered; their files stay */
  keep: { id: number; name: string; position: number }[];
  /** new options (no id, or an id that is not one of this list's) */
  add: { name: string; position: number }[];
  /** options left out: deleted, with the stored files to remove */
  drop: { ids: number[]; paths: string[] };
};

/** How a PUT's option list replaces the saved one: the sent order is the new order. */
export const planOptions = (existing: Existing[], sent: FileListOptionInput[]): OptionPlan => {
  const known = new Map(existing.map((option) => [option.id, option]));
  const kept = new Set<number>();
  const plan: OptionPlan = { keep: [], add: [], drop: { ids: [], paths: [] } };
  sent.forEach((option, position) => {
    if (option.id !== undefined && known.has(option.id) && !kept.has(option.id)) {
      kept.add(option.id);
      plan.keep.push({ id: option.id, name: option.name, position });
    } else {
      plan.add.push({ name: option.name, position });
    }
  });
  for (const option of existing) {
    if (kept.has(option.id)) continue;
    plan.drop.ids.push(option.id);
    if (option.path) plan.drop.paths.push(option.path);
  }
  return plan;
};
