import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ViewHeader } from '../../components/ViewHeader';
import { memoryQueries } from '../../queries/memories';
import { sortByName } from '../../components/tm-format';
import { CreateMemoryDialog } from './CreateMemoryDialog';
import { DeleteMemoryDialog } from './DeleteMemoryDialog';
import { DeleteUnitDialog } from './DeleteUnitDialog';
import { MemoriesMessages } from './MemoriesMessages';
import { useMemoriesStore } from './memories-store';
import { MemoryDetail } from './MemoryDetail';
import { MemoryListContent } from './MemoryListContent';
import { useMemoryRoute } from './use-memory-route';
import './memories.css';

export function MemoriesView() {
  const memories = useQuery(memoryQueries.list());
  const sorted = useMemo(
    () => (memories.data ? sortByName(memories.data) : undefined),
    [memories.data],
  );
  const [route, setRoute] = useMemoryRoute();
  const dialog = useMemoriesStore((state) => state.dialog);
  const openDialog = useMemoriesStore((state) => state.openDialog);
  // The memory in the address, or the first one when that is missing or gone.
  const selected = sorted?.find((memory) => memory.id === route.memoryId) ?? sorted?.[0] ?? null;

  return (
    <section className="view view-memories" data-testid="view-memories">
      <ViewHeader
        title="Memories"
        actions={
          <button
            type="button"
            className="button button-primary"
            onClick={() => openDialog({ kind: 'create' })}
            data-testid="new-memory"
          >
            New memory
          </button>
        }
      >
        Translation memories keep the sentences you have already translated, so the same or a
        similar sentence never has to be translated twice. Termbases keep the terms that go with
        them.
      </ViewHeader>
      <MemoriesMessages />
      <div className="memories-layout">
        <MemoryListContent
          result={memories}
          memories={sorted}
          selectedId={selected?.id ?? null}
          onSelect={(memoryId) => setRoute({ memoryId })}
        />
        {selected ? (
          <MemoryDetail
            key={selected.id}
            memory={selected}
            tab={route.tab}
            onTab={(tab) => setRoute({ tab })}
          />
        ) : null}
      </div>
      {dialog?.kind === 'create' ? (
        <CreateMemoryDialog onCreated={(memory) => setRoute({ memoryId: memory.id })} />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteMemoryDialog key={dialog.id} id={dialog.id} name={dialog.name} />
      ) : null}
      {dialog?.kind === 'delete-unit' ? (
        <DeleteUnitDialog
          key={dialog.segmentId}
          memoryId={dialog.memoryId}
          segmentId={dialog.segmentId}
          source={dialog.source}
        />
      ) : null}
    </section>
  );
}
