/**
 * A report's CSV file built from this device's records, downloaded once the device holds them all
 * (device-download.ts), with the toast that says it came. Apart from device-download.ts, whose guard the staff's home
 * imports without the CSV code.
 */
import { downloadCsv } from './csv.ts';
import { useDeviceDownload } from './device-download.ts';
import { toast } from './ui/toasts.tsx';

export function useReportDownload(): (fileName: string, rows: Record<string, unknown>[], columns?: string[]) => void {
  const deviceDownload = useDeviceDownload();
  return (fileName, rows, columns) =>
    void deviceDownload(() => {
      downloadCsv(fileName, rows, columns);
      toast.success('Report downloaded', { description: fileName });
    });
}
