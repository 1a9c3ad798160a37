import Crypto
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkTraces
import InkOutput
import SwiftASN1
import X509

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A certificate for serving the capture page over HTTPS on the local network
/// (`bench capture --make-cert`): a one-off certificate authority, installed and trusted on the
/// tablet, and a server certificate it signed for the laptop's address (an IP address or DNS
/// name in the Subject Alternative Name). Both P-256 ECDSA, valid 397 days (within Apple's
/// 398-day rule for TLS server certificates).
///
/// The authority's private key is never written: once the server certificate is signed it is
/// dropped, so trusting the authority on a tablet trusts this one certificate and nothing that
/// could be minted later.
///
/// Files written into the folder:
/// - `inkbench-ca.crt`: the authority (PEM), to install on the tablet;
/// - `server.crt`: the server certificate then the authority (PEM chain, for `--tls-cert`);
/// - `server.key`: the server's private key (PEM, mode 0600, for `--tls-key`).
///
/// ```swift
/// let made = try CaptureCertificate.make(host: "192.168.1.20", into: "cert")
/// // bench capture --serve --host 192.168.1.20 --tls-cert cert/server.crt --tls-key cert/server.key
/// ```
public enum CaptureCertificate {
    /// The authority's file name in the folder.
    public static let authorityFileName = "inkbench-ca.crt"
    /// The chain's file name.
    public static let chainFileName = "server.crt"
    /// The key's file name.
    public static let keyFileName = "server.key"
    /// How long both certificates are valid (days).
    public static let validityDays = 397

    /// The paths written.
    public struct Files: Sendable, Equatable {
        public var authority: String
        public var chain: String
        public var key: String
        /// SHA-256 of the authority's DER, as colon-separated hex (what iPadOS and Android show).
        public var authorityFingerprint: String
    }

    /// Makes the authority and the server certificate for `host` and writes them into `folder`
    /// (created when missing; existing files are replaced whole).
    ///
    /// - Parameters:
    ///   - host: the laptop's address as the tablet will type it: an IPv4 or IPv6 address, or a
    ///     DNS name (`mylaptop.local`).
    ///   - folder: where the three files go.
    ///   - now: the start of validity (one hour earlier, for clocks that differ).
    /// - Throws: ``BrowserError`` for a host that is not an address or name, or a folder that
    ///   cannot be written.
    public static func make(host: String, into folder: String, now: Date = Date()) throws(BrowserError) -> Files {
        let name = try subjectAlternativeName(host)
        let authorityKey = P256.Signing.PrivateKey()
        let serverKey = P256.Signing.PrivateKey()
        let notBefore = now.addingTimeInterval(-3600)
        let notAfter = now.addingTimeInterval(Double(validityDays) * 86400)
        let authority: Certificate
        let server: Certificate
        do {
            let authorityName = try DistinguishedName {
                CommonName("InkBench capture CA for \(host)")
                OrganizationName("InkBench (bench capture --make-cert)")
            }
            let serverName = try DistinguishedName {
                CommonName(host)
                OrganizationName("InkBench (bench capture --make-cert)")
            }
            let authorityPublic = Certificate.PublicKey(authorityKey.publicKey)
            authority = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: authorityPublic,
                notValidBefore: notBefore, notValidAfter: notAfter, issuer: authorityName, subject: authorityName,
                signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                    Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                    SubjectKeyIdentifier(hash: authorityPublic)
                },
                issuerPrivateKey: Certificate.PrivateKey(authorityKey))
            let serverPublic = Certificate.PublicKey(serverKey.publicKey)
            server = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: serverPublic,
                notValidBefore: notBefore, notValidAfter: notAfter, issuer: authorityName, subject: serverName,
                signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.notCertificateAuthority)
                    Critical(KeyUsage(digitalSignature: true))
                    try ExtendedKeyUsage([.serverAuth])
                    SubjectAlternativeNames([name])
                    SubjectKeyIdentifier(hash: serverPublic)
                    AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: authorityPublic).keyIdentifier)
                },
                issuerPrivateKey: Certificate.PrivateKey(authorityKey))
        } catch {
            throw BrowserError("cannot make the certificate for \(host): \(error)")
        }
        let files = Files(
            authority: PathText.appending(folder, authorityFileName),
            chain: PathText.appending(folder, chainFileName),
            key: PathText.appending(folder, keyFileName),
            authorityFingerprint: fingerprint(authority))
        do {
            let authorityPEM = try authority.serializeAsPEM().pemString + "\n"
            let serverPEM = try server.serializeAsPEM().pemString + "\n"
            try AtomicFile.write(Array(authorityPEM.utf8), to: files.authority, createFolders: true)
            try AtomicFile.write(Array((serverPEM + authorityPEM).utf8), to: files.chain)
            // The key is never readable by others, not even between its temporary file and the rename.
            let mask = umask(0o077)
            defer { umask(mask) }
            try AtomicFile.write(Array((serverKey.pemRepresentation + "\n").utf8), to: files.key)
        } catch let error as OutputError {
            throw BrowserError("\(error.message); expected a writable folder for --out")
        } catch {
            throw BrowserError("cannot write the certificate into \(folder): \(error)")
        }
        return files
    }

    /// The SAN entry for `host`: an IP address (v4 or v6) or a DNS name.
    static func subjectAlternativeName(_ host: String) throws(BrowserError) -> GeneralName {
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            guard host != "0.0.0.0" else {
                throw BrowserError("--host 0.0.0.0: a certificate needs the address the tablet opens; expected this machine's LAN address (e.g. 192.168.1.20)")
            }
            return .ipAddress(ASN1OctetString(contentBytes: ArraySlice(withUnsafeBytes(of: &v4) { Array($0) })))
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 {
            return .ipAddress(ASN1OctetString(contentBytes: ArraySlice(withUnsafeBytes(of: &v6) { Array($0) })))
        }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        let valid =
            !host.isEmpty && host.utf8.count <= 253
            && labels.allSatisfy { label in
                !label.isEmpty && label.count <= 63 && label.first != "-" && label.last != "-"
                    && label.unicodeScalars.allSatisfy { $0.isASCII && ($0.isAlphanumeric || $0 == "-") }
            }
        guard valid else {
            throw BrowserError("--host \(host): not an IP address or DNS name; expected the address the tablet opens (e.g. 192.168.1.20 or mylaptop.local)")
        }
        return .dnsName(host.lowercased())
    }

    /// SHA-256 of a certificate's DER as `AB:CD:...`.
    static func fingerprint(_ certificate: Certificate) -> String {
        var serializer = DER.Serializer()
        guard (try? serializer.serialize(certificate)) != nil else { return "unknown" }
        return SHA256.hash(data: serializer.serializedBytes).map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return hex.count == 1 ? "0" + hex : hex
        }.joined(separator: ":")
    }
}
