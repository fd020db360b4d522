import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Card, Select, Space, Spin, Switch, Typography } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ConsoleTabs } from "../../layout/ConsoleTabs";
import { ResponsiveTable } from "../../layout/ResponsiveTable";
import { ANCILLARY_KINDS, type AncillaryKind } from "../../config/referenceLists";
import type { PaxSegment, PricedOffer } from "../../contract/shopping";
import { bookingApi } from "../api/bookingApi";
import type { CheckoutPassenger } from "../checkout/checkoutPassengers";
import "../i18n/bookingStrings";
import { toLocalMoney } from "../state/localMoney";
import { formatMoney, MoneyText } from "../ui/MoneyText";
import {
  ancillaryTotals,
  chooseService,
  deleteByType,
  isForAllSegments,
  servicePrice,
  setForAllSegments,
  type SelectedAncillaries,
} from "./ancillarySelection";
import { AncillaryIcon } from "./AncillaryIcon";
import { serviceWording } from "./serviceWording";

interface AncillariesPanelProps {
  offer: PricedOffer;
  passengers: readonly CheckoutPassenger[];
  value: SelectedAncillaries;
  onChange: (next: SelectedAncillaries) => void;
}

interface Row {
  key: string;
  segment: PaxSegment;
  passenger: CheckoutPassenger;
}

const segmentLabel = (segment: PaxSegment) =>
  `${segment.departure.iataCode} → ${segment.arrival.iataCode} · ${segment.marketingCarrier.designatorCode}${segment.marketingCarrier.flightNumber}`;

/** Baggage, meals and special assistance per segment and passenger (spec "Ancillary details"). */
export function AncillariesPanel({ offer, passengers, value, onChange }: AncillariesPanelProps) {
  const { t, i18n } = useTranslation();
  const services = useQuery({
    queryKey: ["booking", "services", offer.offerId],
    queryFn: () => bookingApi.services(offer),
    staleTime: Infinity,
  });
  // Without the catalogue the services read as their suppliers word them.
  const catalogue = useQuery({ queryKey: ["booking", "ancillaryCatalogue"], queryFn: bookingApi.ancillaryCatalogue, staleTime: 5 * 60_000 });
  const rows = useMemo<Row[]>(
    () =>
      offer.journeys.flatMap((journey) =>
        journey.segments.flatMap((segment) => passengers.map((passenger) => ({ key: `${segment.paxSegmentID}|${passenger.paxKey}`, segment, passenger }))),
      ),
    [offer, passengers],
  );
  const passengerTypes = useMemo(() => new Map(passengers.map((passenger) => [passenger.paxKey, passenger.paxType])), [passengers]);
  const totals = ancillaryTotals(value, offer);

  if (services.isPending) return <Card size="small" title={t("booking.ancillaries.title")}><Spin /></Card>;
  if (services.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message={t("booking.ancillaries.loadFailed")}
        action={<Button onClick={() => void services.refetch()}>{t("booking.ancillaries.retry")}</Button>}
      />
    );
  }
  const definitions = services.data.services;

  const tab = (kind: AncillaryKind) => {
    const offered = definitions.filter((service) => service.kind === kind);
    if (offered.length === 0) return <Typography.Text type="secondary">{t("booking.ancillaries.noneOffered")}</Typography.Text>;
    const forAll = isForAllSegments(value, kind);
    return (
      <Space direction="vertical" style={{ width: "100%" }}>
        <Space>
          <Switch
            checked={forAll}
            data-testid={`anc-all-${kind}`}
            aria-label={t("booking.ancillaries.forAllSegments")}
            onChange={(enabled) => onChange(setForAllSegments(value, kind, enabled, offer, definitions, passengerTypes))}
          />
          <span>{t("booking.ancillaries.forAllSegments")}</span>
          <Button size="small" type="link" danger onClick={() => onChange(deleteByType(value, kind))}>{t("booking.ancillaries.clearKind")}</Button>
        </Space>
        <ResponsiveTable<Row>
          size="small"
          pagination={false}
          dataSource={rows}
          columns={[
            { title: t("booking.ancillaries.flight"), render: (_, row) => segmentLabel(row.segment) },
            { title: t("booking.ancillaries.passenger"), render: (_, row) => row.passenger.label },
            {
              title: t(`booking.ancillaries.kinds.${kind}`),
              render: (_, row) => {
                const sold = offered.flatMap((service) => {
                  const price = servicePrice(service, row.segment.paxSegmentID, row.passenger.paxType);
                  return price ? [{ service, local: toLocalMoney(price, offer.priceBreakdown) }] : [];
                });
                if (sold.length === 0) return <Typography.Text type="secondary">{t("booking.ancillaries.notSold")}</Typography.Text>;
                const chosen = value.byType[kind][row.segment.paxSegmentID]?.[row.passenger.paxKey]?.[0];
                return (
                  <Select
                    data-testid={`anc-${kind}-${row.segment.paxSegmentID}-${row.passenger.paxKey}`}
                    aria-label={`${t(`booking.ancillaries.kinds.${kind}`)}, ${segmentLabel(row.segment)}, ${row.passenger.label}`}
                    allowClear
                    placeholder={t("booking.ancillaries.none")}
                    // As wide as a service name needs, never wider than a phone's card.
                    style={{ minWidth: "min(260px, 100%)" }}
                    value={chosen?.serviceDefinitionID}
                    onChange={(serviceId?: string) =>
                      onChange(
                        chooseService(
                          value,
                          {
                            kind,
                            paxSegmentID: row.segment.paxSegmentID,
                            paxKey: row.passenger.paxKey,
                            paxType: row.passenger.paxType,
                            service: definitions.find((service) => service.serviceDefinitionID === serviceId) ?? null,
                          },
                          offer,
                        ),
                      )
                    }
                    // A service's name and price read whole in the list, however narrow the cell.
                    popupMatchSelectWidth={false}
                    options={sold.map(({ service, local }) => {
                      const wording = serviceWording(service, catalogue.data ?? [], i18n.language);
                      const price = formatMoney(local, i18n.language);
                      return {
                        value: service.serviceDefinitionID,
                        title: wording.description,
                        label: (
                          <Space size={6}>
                            <AncillaryIcon icon={wording.icon} />
                            <span>{`${wording.name} · ${price}`}</span>
                          </Space>
                        ),
                      };
                    })}
                  />
                );
              },
            },
          ]}
        />
      </Space>
    );
  };

  return (
    <Card
      size="small"
      title={t("booking.ancillaries.title")}
      extra={
        <span data-testid="anc-total">
          <MoneyText money={totals.local} strong />
          {totals.offer.currency !== totals.local.currency && (
            <Typography.Text type="secondary"> (<MoneyText money={totals.offer} />)</Typography.Text>
          )}
        </span>
      }
    >
      <ConsoleTabs label={t("sections.extras")} items={ANCILLARY_KINDS.map((kind) => ({ key: kind, label: t(`booking.ancillaries.kinds.${kind}`), children: tab(kind) }))} />
    </Card>
  );
}
