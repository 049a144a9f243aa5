/** Saves `text` as a file named `fileName` through the browser's download (the CSV exports). */
export function downloadFile(text: string, fileName: string, type = "text/csv;charset=utf-8"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy once the click's task is over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
