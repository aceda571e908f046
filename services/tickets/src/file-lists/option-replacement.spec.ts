import { planOptions } from './option-replacement.js';

describe('planOptions', () => {
  const existing = [
    { id: 1, path: 'c1/file-lists/a.pdf' },
    { id: 2, path: null },
    { id: 3, path: 'c1/file-lists/c.png' },
  ];

  it('keeps sent ids, adds options without one and drops the rest with their files', () => {
    const plan = planOptions(existing, [
      { id: 3, name: 'C' },
      { name: 'New' },
      { id: 2, name: 'B' },
    ]);
    expect(plan.keep).toEqual([
      { id: 3, name: 'C', position: 0 },
      { id: 2, name: 'B', position: 2 },
    ]);
    expect(plan.add).toEqual([{ name: 'New', position: 1 }]);
    expect(plan.drop).toEqual({ ids: [1], paths: ['c1/file-lists/a.pdf'] });
  });

  it("treats another list's id, or a repeated id, as a new option", () => {
    const plan = planOptions(existing, [
      { id: 99, name: 'Foreign' },
      { id: 1, name: 'A' },
      { id: 1, name: 'A again' },
    ]);
    expect(plan.keep).toEqual([{ id: 1, name: 'A', position: 1 }]);
    expect(plan.add).toEqual([
      { name: 'Foreign', position: 0 },
      { name: 'A again', position: 2 },
    ]);
    expect(plan.drop.ids).toEqual([2, 3]);
    expect(plan.drop.paths).toEqual(['c1/file-lists/c.png']);
  });

  it('drops everything when no option is sent', () => {
    expect(planOptions(existing, []).drop.ids).toEqual([1, 2, 3]);
  });
});
