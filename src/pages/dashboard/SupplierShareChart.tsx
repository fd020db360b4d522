import { Pie } from "@ant-design/charts";

/** This month's bookings per supplier as a ring (drawn for the eye; the page gives screen readers a table). */
export default function SupplierShareChart({ data }: { data: readonly { supplierName: string; bookings: number }[] }) {
  return (
    <div aria-hidden="true" dir="ltr" style={{ overflow: "hidden" }}>
      <Pie data={[...data]} angleField="bookings" colorField="supplierName" innerRadius={0.6} height={220} autoFit legend={{ color: { position: "right" } }} />
    </div>
  );
}
