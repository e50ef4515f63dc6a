################################################################################
#
# Offline build: package overrides (BR2_PACKAGE_OVERRIDE_FILE)
#
################################################################################

# Used only by offline.fragment. Buildroot includes this file before its
# packages: it points the host packages whose exact upstream tarball is not
# reachable offline at Debian's .orig trees of nearby versions, which
# ./prepare unpacks into output/offline/src/. Buildroot builds them with
# its own recipes; it does not apply its version-specific patches to an
# overridden source tree.

RUST_FOR_LINUX_OFFLINE = $(call qstrip,$(BR2_EXTERNAL_RUST_FOR_LINUX_PATH))/output/offline
RUST_FOR_LINUX_OFFLINE_SRC = $(RUST_FOR_LINUX_OFFLINE)/src

HOST_AUTOCONF_ARCHIVE_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/autoconf-archive
HOST_BISON_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/bison
HOST_E2FSPROGS_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/e2fsprogs
HOST_LIBTOOL_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/libtool
HOST_LIBZLIB_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/zlib
HOST_M4_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/m4
HOST_PKGCONF_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/pkgconf
HOST_UTIL_LINUX_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/util-linux
OPENSBI_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/opensbi

# Debian's kmod and patchelf .orig trees are git snapshots without a
# generated configure script.
HOST_KMOD_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/kmod
HOST_KMOD_AUTORECONF = YES
HOST_PATCHELF_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/patchelf
HOST_PATCHELF_AUTORECONF = YES

# No source of gettext-tiny (nor of the GNU gettext release it takes files
# from) and none of fakeroot is reachable offline. Their host packages
# install the build host's Debian tools instead ("override": the package
# files assign these variables after this file is read).
RUST_FOR_LINUX_DEBIAN_GETTEXT_TOOLS = autopoint msgfmt msgmerge xgettext msginit msgunfmt
RUST_FOR_LINUX_DEBIAN_GETTEXT_M4 = gettext host-cpu-c-abi iconv intlmacosx lib-ld lib-link \
	lib-prefix nls po progtest
HOST_GETTEXT_TINY_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/debian-tools
override HOST_GETTEXT_TINY_POST_EXTRACT_HOOKS =
override HOST_GETTEXT_TINY_POST_PATCH_HOOKS =
override HOST_GETTEXT_TINY_BUILD_CMDS =
override define HOST_GETTEXT_TINY_INSTALL_CMDS
	mkdir -p $(HOST_DIR)/bin
	$(foreach t,$(RUST_FOR_LINUX_DEBIAN_GETTEXT_TOOLS),\
		ln -sf /usr/bin/$(t) $(HOST_DIR)/bin/$(t)$(sep))
	mkdir -p $(HOST_DIR)/share/aclocal
	$(foreach m,$(RUST_FOR_LINUX_DEBIAN_GETTEXT_M4),\
		ln -sf /usr/share/aclocal/$(m).m4 $(HOST_DIR)/share/aclocal/$(m).m4$(sep))
endef

HOST_FAKEROOT_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/debian-tools
override HOST_FAKEROOT_CONFIGURE_CMDS =
override HOST_FAKEROOT_BUILD_CMDS =
override define HOST_FAKEROOT_INSTALL_CMDS
	mkdir -p $(HOST_DIR)/bin
	ln -sf /usr/bin/fakeroot $(HOST_DIR)/bin/fakeroot
	ln -sf /usr/bin/faked $(HOST_DIR)/bin/faked
endef

# Boards with U-Boot and an SD card image (orangepi_pc_rust_defconfig).
# U-Boot: Debian's .orig of 2023.01, upstream's tarball less
# drivers/dma/MCD_tasks.c (a ColdFire DMA driver, CONFIG_FSLDMAFEC, which
# no ARM board builds).
UBOOT_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/uboot

# The host tools around it: no source of dtc 1.7.2, genimage 19, Python
# 3.14, OpenSSL 3.6 (nor of what they depend on: swig, libconfuse,
# expat, libffi, Python's build tools) is reachable offline. Their host
# packages install the build host's Debian tools instead, with no
# dependencies but host-skeleton (else Buildroot would still build
# those): links in $(HOST_DIR)/bin, or nothing where the build finds the
# host's files by itself, after checking that they are there.
#   host-dtc             device-tree-compiler (dtc 1.6.1; U-Boot
#                        2023.01 wants >= 1.4.6)
#   host-python3         python3: Debian's /usr/bin/python3, whose
#                        dist-packages have the two below
#   host-python-setuptools    python3-setuptools
#   host-python-pylibfdt      python3-libfdt (U-Boot's binman imports
#                        libfdt with $(HOST_DIR)/bin/python3)
#   host-libopenssl      libssl-dev: U-Boot's tools (mkimage) fall back
#                        to the host's headers and -lssl -lcrypto
#   host-genimage        genimage (16; no bmap output of its own)
#   host-bmap-tools      bmap-tools (bmaptool, for genimage.sh's .bmap)
# Only for host tools: a target package with these names (dtc,
# python3...) would need its own source.
RUST_FOR_LINUX_DEBIAN_TOOL_PACKAGES = \
	HOST_DTC HOST_PYTHON3 HOST_PYTHON_SETUPTOOLS HOST_PYTHON_PYLIBFDT \
	HOST_LIBOPENSSL HOST_GENIMAGE HOST_BMAP_TOOLS
$(foreach p,$(RUST_FOR_LINUX_DEBIAN_TOOL_PACKAGES),\
	$(eval $(p)_OVERRIDE_SRCDIR = $(RUST_FOR_LINUX_OFFLINE_SRC)/debian-tools)\
	$(eval override $(p)_DEPENDENCIES = host-skeleton)\
	$(eval override $(p)_CONFIGURE_CMDS =)\
	$(eval override $(p)_BUILD_CMDS =)\
	$(eval override $(p)_PRE_CONFIGURE_HOOKS =)\
	$(eval override $(p)_POST_PATCH_HOOKS =)\
	$(eval override $(p)_POST_INSTALL_HOOKS =))

# rust_for_linux_debian_tools: link each of /usr/bin's tools $(1) into
# $(HOST_DIR)/bin, failing if one is missing ($(2): its Debian package).
define rust_for_linux_debian_tools
	mkdir -p $(HOST_DIR)/bin
	$(foreach t,$(1),\
		test -x /usr/bin/$(t) || { echo "no /usr/bin/$(t): apt-get install $(2)"; exit 1; }$(sep)\
		ln -sf /usr/bin/$(t) $(HOST_DIR)/bin/$(t)$(sep))
endef

override define HOST_DTC_INSTALL_CMDS
	$(call rust_for_linux_debian_tools,dtc fdtget fdtput fdtoverlay,device-tree-compiler)
endef

override define HOST_PYTHON3_INSTALL_CMDS
	$(call rust_for_linux_debian_tools,python3,python3)
	ln -sf python3 $(HOST_DIR)/bin/python
endef

override define HOST_PYTHON_SETUPTOOLS_INSTALL_CMDS
	/usr/bin/python3 -c 'import setuptools' || \
		{ echo "no setuptools for /usr/bin/python3: apt-get install python3-setuptools"; exit 1; }
endef

override define HOST_PYTHON_PYLIBFDT_INSTALL_CMDS
	/usr/bin/python3 -c 'import libfdt' || \
		{ echo "no libfdt for /usr/bin/python3: apt-get install python3-libfdt"; exit 1; }
endef

override define HOST_LIBOPENSSL_INSTALL_CMDS
	test -f /usr/include/openssl/ssl.h || \
		{ echo "no /usr/include/openssl/ssl.h: apt-get install libssl-dev"; exit 1; }
endef

override define HOST_GENIMAGE_INSTALL_CMDS
	$(call rust_for_linux_debian_tools,genimage,genimage)
endef

override define HOST_BMAP_TOOLS_INSTALL_CMDS
	$(call rust_for_linux_debian_tools,bmaptool,bmap-tools)
endef

# The external toolchain is Debian's cross gcc, configured with
# --with-sysroot=/. check_unusable_toolchain (toolchain/helpers.mk) rejects
# such a compiler, because used directly it would search the build host's
# / for headers and libraries. Here it never is: Buildroot's toolchain
# wrapper passes --sysroot=$(STAGING_DIR) on every call (the tests check
# it), and prepare gives the copy a sysroot of its own. Only that one test
# is dropped; the rest of Buildroot's check stays.
RUST_FOR_LINUX_SYSROOT_TEST = test "$$$${with_sysroot}"  = "/"
ifeq ($(findstring $(RUST_FOR_LINUX_SYSROOT_TEST),$(value check_unusable_toolchain)),)
$(error support/offline/local.mk: Buildroot's check_unusable_toolchain has changed; review this file)
endif
$(eval define check_unusable_toolchain$(sep)$(subst $(RUST_FOR_LINUX_SYSROOT_TEST),false,$(value check_unusable_toolchain))$(sep)endef)
