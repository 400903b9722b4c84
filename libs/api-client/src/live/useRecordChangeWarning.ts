import { useContext, useEffect, useState } from 'react';
import { type LiveRecordType } from './liveChange';
import { liveWarningText } from './liveTexts';
import { LiveUpdatesContext } from './LiveUpdatesContext';

export interface WatchedRecord {
  type: LiveRecordType;
  id: string;
}

/**
 * For a form editing `record`: the pt-BR warning once someone else changed that record, else
 * null. The form keeps what the person typed (it never re-initialises from the re-read record).
 */
export function useRecordChangeWarning(record: WatchedRecord | null): string | null {
  const live = useContext(LiveUpdatesContext);
  const [warning, setWarning] = useState<string | null>(null);
  const subscribe = live?.subscribe;
  const type = record?.type;
  const id = record?.id;
  useEffect(() => {
    if (!subscribe || !type || !id) return undefined;
    return subscribe((change) => {
      if (change.record.type === type && change.record.id === id)
        setWarning(liveWarningText(change));
    });
  }, [subscribe, type, id]);
  return warning;
}
