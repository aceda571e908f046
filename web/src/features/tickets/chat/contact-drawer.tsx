import { Box, Button, Field, HStack, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import type { TicketRecord } from '@sb/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates.js';
import { notify, toastError } from '../../../components/toaster.js';
import {
  useGetContactQuery,
  useListContactTagsQuery,
  useToggleAcceptAudioMutation,
  useToggleContactBlockMutation,
  useToggleDisableBotMutation,
} from '../../contacts/contacts.api.js';
import { TagChip } from '../../tags/tag-chip.js';
import { useListTagsQuery, useSyncContactTagsMutation } from '../../tags/tags.api.js';
import { NewContactTag } from './new-contact-tag.js';
import { ScheduleModal } from '../dialogs/schedule-modal.js';
import { displayNumber } from '../ticket-display.js';
import {
  useCreateTicketNoteMutation,
  useDeleteTicketNoteMutation,
  useListTicketNotesQuery,
} from '../tickets.api.js';

// opened on Edit only: its form (and zod) loads on first open
const ContactModal = lazy(() =>
  import('../../contacts/contact-modal.js').then((m) => ({ default: m.ContactModal })),
);

/** The drawer's width beside (or over) the chat on a wide screen; a phone gives it the whole pane. */
export const ContactDrawerWidth = 320;

/** The id the chat header's contact button controls. */
export const ContactDrawerId = 'ticket-contact-drawer';

/** A ticket note needs at least 2 characters (spec 1 §5). */
export const MinNoteLength = 2;

const Toggle = ({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: () => void;
}) => (
  <Switch.Root size="sm" checked={checked} onCheckedChange={onChange}>
    <Switch.HiddenInput />
    <Switch.Control />
    <Switch.Label>{label}</Switch.Label>
  </Switch.Root>
);

/**
 * The 320 px right drawer: contact data (editable through the contact form), tags, extra info, block,
 * the chatbot and audio toggles, the ticket notes and, with useSchedules, the schedule modal.
 * `overlay` lays it over the chat's right edge (a pane too narrow for both side by side).
 */
export const ContactDrawer = ({
  ticket,
  overlay = false,
  onClose,
  schedule,
}: {
  ticket: TicketRecord;
  overlay?: boolean;
  onClose: () => void;
  /** only with the plan flag useSchedules: who schedules, and where to go once saved */
  schedule?: { userId: number; onSaved: () => void };
}) => {
  const { t } = useTranslation('tickets');
  const [note, setNote] = useState('');
  const [editing, setEditing] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const { data: contact } = useGetContactQuery(ticket.contactId);
  const { data: contactTags } = useListContactTagsQuery(ticket.contactId);
  const { data: allTags = [] } = useListTagsQuery({ kanban: 0 });
  const { data: notes = [] } = useListTicketNotesQuery({
    ticketId: ticket.id,
    contactId: ticket.contactId,
  });
  const [syncTags] = useSyncContactTagsMutation();
  const [toggleBlock] = useToggleContactBlockMutation();
  const [toggleBot] = useToggleDisableBotMutation();
  const [toggleAudio] = useToggleAcceptAudioMutation();
  const [createNote, { isLoading: saving }] = useCreateTicketNoteMutation();
  const [deleteNote] = useDeleteTicketNoteMutation();
  const tagIds = (contactTags?.tags ?? []).map((tag) => tag.id);

  /** A change of the drawer; `done` is the success toast some of them show (spec 1 §8). */
  const run = (promise: { unwrap: () => Promise<unknown> }, done?: string) =>
    void promise.unwrap().then(() => {
      if (done) notify.success(done);
    }, toastError);
  const toggleTag = (id: number) =>
    run(
      syncTags({
        contactId: ticket.contactId,
        tags: tagIds.includes(id) ? tagIds.filter((tag) => tag !== id) : [...tagIds, id],
      }),
    );

  return (
    <Stack
      id={ContactDrawerId}
      role="region"
      aria-label={t('drawer.toggle')}
      data-testid="contact-drawer"
      data-overlay={overlay || undefined}
      w={{ base: 'full', md: `${ContactDrawerWidth}px` }}
      flexShrink={0}
      borderLeftWidth="1px"
      p="3"
      gap="3"
      overflowY="auto"
      {...(overlay && {
        w: `${ContactDrawerWidth}px`,
        maxW: 'full',
        bg: 'bg.panel',
        position: 'absolute',
        top: '0',
        right: '0',
        bottom: '0',
        zIndex: 'docked',
        boxShadow: 'lg',
      })}
      onKeyDown={(event) => {
        if (overlay && event.key === 'Escape') onClose();
      }}
    >
      <HStack justify="space-between" align="flex-start">
        <Box minW="0">
          <Text fontWeight="semibold">{contact?.name ?? ticket.contact.name}</Text>
          <Text fontSize="sm" data-testid="contact-number">
            {displayNumber(contact?.number ?? ticket.contact.number)}
          </Text>
          {contact?.email && <Text fontSize="sm">{contact.email}</Text>}
        </Box>
        <HStack gap="0">
          {contact && (
            <Button size="2xs" variant="ghost" onClick={() => setEditing(true)}>
              {t('drawer.edit')}
            </Button>
          )}
          <Button size="2xs" variant="ghost" onClick={onClose}>
            {t('drawer.close')}
          </Button>
        </HStack>
      </HStack>
      {(contact?.extraInfo ?? []).length > 0 && (
        <Stack gap="0.5" fontSize="sm">
          <Text fontWeight="semibold">{t('drawer.extraInfo')}</Text>
          {contact?.extraInfo.map((info) => (
            <Text key={info.id}>
              {info.name}: {info.value}
            </Text>
          ))}
        </Stack>
      )}
      <Text fontWeight="semibold">{t('drawer.tags')}</Text>
      <HStack wrap="wrap" gap="1">
        {allTags.map((tag) => (
          <TagChip
            key={tag.id}
            as="button"
            cursor="pointer"
            tag={tag}
            state={tagIds.includes(tag.id) ? 'assigned' : 'available'}
            aria-pressed={tagIds.includes(tag.id)}
            onClick={() => toggleTag(tag.id)}
          />
        ))}
      </HStack>
      <NewContactTag
        onCreated={(id) => run(syncTags({ contactId: ticket.contactId, tags: [...tagIds, id] }))}
      />
      {contact && (
        <Stack gap="2">
          <Toggle
            label={t('drawer.disableBot')}
            checked={contact.disableBot}
            onChange={() => run(toggleBot(contact.id))}
          />
          <Toggle
            label={t('drawer.acceptAudio')}
            checked={contact.acceptAudioMessage}
            onChange={() => run(toggleAudio(contact.id))}
          />
          <Button
            size="xs"
            variant="outline"
            colorPalette={contact.active ? 'red' : 'green'}
            onClick={() =>
              run(
                toggleBlock({ id: contact.id, active: !contact.active }),
                contact.active ? t('drawer.blocked') : t('drawer.unblocked'),
              )
            }
          >
            {contact.active ? t('drawer.block') : t('drawer.unblock')}
          </Button>
        </Stack>
      )}
      {schedule && (
        <Button size="xs" variant="outline" onClick={() => setScheduling(true)}>
          {t('drawer.schedule')}
        </Button>
      )}
      <Stack gap="1">
        <Text fontWeight="semibold">{t('drawer.notes')}</Text>
        <Field.Root invalid={note.length > 0 && note.trim().length < MinNoteLength}>
          <Textarea
            size="sm"
            aria-label={t('drawer.newNote')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <Field.ErrorText>{t('drawer.noteTooShort')}</Field.ErrorText>
        </Field.Root>
        <Button
          size="xs"
          loading={saving}
          disabled={note.trim().length < MinNoteLength}
          onClick={() =>
            void createNote({ ticketId: ticket.id, contactId: ticket.contactId, note: note.trim() })
              .unwrap()
              .then(() => {
                setNote('');
                notify.success(t('drawer.noteAdded'));
              }, toastError)
          }
        >
          {t('drawer.addNote')}
        </Button>
        {notes.map((item) => (
          <HStack key={item.id} justify="space-between" fontSize="sm">
            <Box>
              <Text>{item.note}</Text>
              <Text fontSize="xs" color="fg.muted">
                {item.user.name} · {formatDateTime(item.createdAt)}
              </Text>
            </Box>
            <Button
              size="2xs"
              variant="ghost"
              onClick={() =>
                run(deleteNote({ id: item.id, ticketId: ticket.id }), t('drawer.noteDeleted'))
              }
            >
              {t('drawer.deleteNote')}
            </Button>
          </HStack>
        ))}
      </Stack>
      {contact && editing && (
        <Suspense fallback={null}>
          <ContactModal contact={contact} open onClose={() => setEditing(false)} />
        </Suspense>
      )}
      {schedule && scheduling && (
        <ScheduleModal
          ticketId={ticket.id}
          contactId={ticket.contactId}
          userId={schedule.userId}
          onClose={() => setScheduling(false)}
          onSaved={() => {
            setScheduling(false);
            schedule.onSaved();
          }}
        />
      )}
    </Stack>
  );
};
