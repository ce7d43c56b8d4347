// Numbers of the ROI report, for server and client components alike (est_value has no currency).
export const formatValue = (n: number) => n.toLocaleString("en", { maximumFractionDigits: 0 });
