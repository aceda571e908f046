import { Subjects, type RefOwner } from '@sb/contracts';

// the refusal itself is shared with the services, which check the refs their requests carry
export { checkReferences, type AskOwner } from '@sb/platform/context';

export const refsCheckSubject = (owner: RefOwner) => Subjects[owner].refsCheck;
