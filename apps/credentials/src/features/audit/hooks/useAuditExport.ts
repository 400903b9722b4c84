import { useState } from 'react';
import { type AuditAccess, exportAuditCsv } from '@crm-panel/api-client';
import { type AuditQuery } from '@crm-panel/crm-model';
import { TEXTS } from '@credentials/features/shared/texts';

/** 'Exportar CSV': the api's file for the applied filters, saved through a temporary link. */
export function useAuditExport(query: AuditQuery, access: AuditAccess) {
  const [error, setError] = useState<string | null>(null);
  const exportCsv = async () => {
    setError(null);
    try {
      const file = await exportAuditCsv(query, access);
      const url = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = url;
      link.download = TEXTS.audit.fileName;
      link.click();
      // The click has handed the file to the browser; the URL is no longer needed.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch {
      setError(TEXTS.audit.exportError);
    }
  };
  return { exportCsv, error };
}
